// Vitest setup file (runs in every test file): the temporary folders a file made with `tempDir` go once it ends.
import { afterAll } from 'vitest';
import { removeTempDirs } from '../helpers/files.ts';

afterAll(removeTempDirs);
