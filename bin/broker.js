#!/usr/bin/env node
// The `broker` command: runs the TypeScript CLI through tsx (a runtime dependency).
import { register } from 'tsx/esm/api';

register();
await import('./cli.ts');
