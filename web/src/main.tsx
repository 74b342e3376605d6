import { App } from '@web/app/app';
import { ConfigErrorScreen } from '@web/app/config-error-screen';
import { configureAmplify } from '@web/lib/amplify';
import { loadRuntimeConfig } from '@web/lib/runtime-config';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element');
const root = createRoot(container);

// The environment (API, user pool) comes from /config.json, so one build serves every stage.
loadRuntimeConfig().then(
  (config) => {
    // Records the user pool only: Amplify itself is downloaded when a session is read (lib/amplify.ts).
    configureAmplify(config);
    root.render(
      <StrictMode>
        <App />
      </StrictMode>,
    );
  },
  (error: unknown) => {
    console.error('Cuadra could not load /config.json', error);
    root.render(
      <StrictMode>
        <ConfigErrorScreen error={error} />
      </StrictMode>,
    );
  },
);
