import '@mantine/core/styles.css';
import './styles.css';

import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';

import { App } from './App';
import { Providers } from './Providers';

const root = document.getElementById('root');
if (root === null) throw new Error('index.html has no element with id "root" to mount the app in.');

createRoot(root).render(
  <StrictMode>
    <Providers>
      <App />
    </Providers>
  </StrictMode>,
);
