import { afterAll } from 'vitest';
import { closeContext } from './helpers';

// Every test file closes the app and database it opened, wherever it opened them (a test or a hook).
afterAll(closeContext);
