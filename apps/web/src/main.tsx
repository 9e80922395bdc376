// Only the core styles load with the page; each optional package's styles load with the screens that use it.
import '@mantine/core/styles.css';
import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/App';
import { registerServiceWorker } from './app/service-worker';

const root = createRoot(document.getElementById('root')!);
// A transition lets React split the first render into short tasks instead of one long one.
startTransition(() => {
  root.render(
    <StrictMode>
      <App />
    </StrictMode>,
  );
});

registerServiceWorker();
