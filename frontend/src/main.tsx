import '@mantine/core/styles.css';
import './styles.css';

import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router';

import { Providers } from './Providers';
import { AppRoutes } from './routes';

const root = document.getElementById('root');
if (root === null) throw new Error('index.html has no element with id "root" to mount the app in.');

createRoot(root).render(
  <StrictMode>
    <Providers>
      <BrowserRouter>
        <AppRoutes />
      </BrowserRouter>
    </Providers>
  </StrictMode>,
);
