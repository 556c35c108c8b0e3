/**
 * Configuration for the MikroORM CLI (`npx mikro-orm ...`). The application itself builds the same
 * options through `src/db/orm.ts` from the validated environment.
 */
import { loadConfig } from './src/config.js';
import { ormOptions } from './src/db/orm.js';

export default ormOptions(loadConfig().database);
