import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

// In development the API runs on its own port; the browser still calls /api, /media/ and /socket.io on this one.
// Only /media/ files go to the API: /media alone is the Media page.
const api = 'http://localhost:3000';

export default defineConfig({
  plugins: [react()],
  server: { proxy: { '/api': api, '^/media/': api, '/socket.io': { target: api, ws: true } } },
});
