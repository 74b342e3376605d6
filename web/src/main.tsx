import { App } from '@web/app/app';
import { configureAmplify } from '@web/lib/amplify';
import { loadRuntimeConfig } from '@web/lib/runtime-config';
import { lazy, StrictMode, Suspense } from 'react';
import { createRoot } from 'react-dom/client';

// Only shown when /config.json cannot be used: not part of any page's JavaScript.
const ConfigErrorScreen = lazy(() =>
  import('@web/app/config-error-screen').then(({ ConfigErrorScreen }) => ({ default: ConfigErrorScreen })),
);

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element');
const root = createRoot(container);

// The environment (API, user pool) comes from /config.json, so one build serves every stage.
loadRuntimeConfig().then(
  (config) => {
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
        <Suspense fallback={null}>
          <ConfigErrorScreen error={error} />
        </Suspense>
      </StrictMode>,
    );
  },
);
