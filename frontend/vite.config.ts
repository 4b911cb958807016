import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';

// Django serves `dist/index.html` for the app's routes and `dist/` as a static files
// directory under STATIC_URL, so built asset URLs must start with `/static/`.
// The dev server keeps `/` so that app routes look the same as in production; it
// proxies the Django endpoints (run `manage.py runserver` on port 8000 beside it).
const DJANGO_DEV_SERVER = 'http://127.0.0.1:8000';

export default defineConfig(({ command }) => ({
  base: command === 'build' ? '/static/' : '/',
  plugins: [react()],
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    manifest: true,
    sourcemap: true,
  },
  server: {
    // The app bundles two files from outside frontend/: the import format's documentation
    // (docs/formats/native-jsonl.md) and the shared completion cases (fixtures/kinds/).
    fs: { allow: ['.', '../docs/formats', '../fixtures/kinds'] },
    proxy: {
      '/api': DJANGO_DEV_SERVER,
      '/accounts': DJANGO_DEV_SERVER,
      '/admin': DJANGO_DEV_SERVER,
    },
  },
  test: {
    environment: 'jsdom',
    setupFiles: ['./src/test/setup.ts'],
    css: false,
    restoreMocks: true,
    // A whole keyboard walk through a unit takes ~2 s, more on a busy 2-core CI machine:
    // the 5 s default made it flaky. A limit against hangs, not a performance check.
    testTimeout: 20_000,
    unstubGlobals: true,
    // The test files share one jsdom and one module graph per worker instead of building both
    // for each of the 81 files: 442 s of CPU down to 150 s on this 2-core machine (CI runs it
    // beside pytest). Safe because every test leaves the shared state as it found it: the
    // setup file cleans the DOM, cookies and web storage after each test, and mocks and
    // stubbed globals are restored.
    isolate: false,
  },
}));
