import { StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { App } from './app/app';
import { createSiteRouter } from './app/router';
import './styles/index.css';

const root = document.getElementById('root');
if (!root) throw new Error('The page has no #root element');

const app = (
  <StrictMode>
    <App router={await createSiteRouter()} />
  </StrictMode>
);
// Pages the build pre-rendered arrive with their markup: React adopts it instead of drawing anew.
if (root.firstElementChild) hydrateRoot(root, app);
else createRoot(root).render(app);
