/** The React app, mounted once main.tsx has started the first view's calls. */
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './App.js';
import { prefetchLikelyViews } from './lazy-views.js';

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <App />
  </StrictMode>,
);

// After the first view is painted, the chunks the user most likely opens next (lazy-views.ts).
prefetchLikelyViews();
