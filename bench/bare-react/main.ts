import { createRoot } from 'react-dom/client';
import { barePage } from './page.js';

createRoot(document.getElementById('root')!).render(barePage());
