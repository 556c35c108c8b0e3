/** Every entity the ORM knows. A new table: add its entity here, then `npm run db:migration`. */
import { ApiKey } from './api-key.js';
import { Membership } from './membership.js';
import { Organization } from './organization.js';
import { Project } from './project.js';
import { User } from './user.js';

export { ApiKey, Membership, Organization, Project, User };
export type { IApiKey } from './api-key.js';
export type { IMembership } from './membership.js';
export type { IOrganization } from './organization.js';
export type { IProject } from './project.js';
export type { IUser } from './user.js';
export const entities = [Organization, Project, ApiKey, User, Membership];
