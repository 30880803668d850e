import { StrictMode, useEffect } from 'react';
import { createRoot } from 'react-dom/client';
import { QueryClientProvider } from '@tanstack/react-query';
import { BrowserRouter } from 'react-router';
import { App } from './app/App';
import { createQueryClient } from './app/query';
import './styles.css';

const queryClient = createQueryClient();

function Hydrated({ children }: { children: React.ReactNode }) {
  useEffect(() => {
    document.getElementById('root')?.setAttribute('data-hydrated', 'true');
  }, []);
  return <>{children}</>;
}

const root = document.getElementById('root');
if (root)
  createRoot(root).render(
    <StrictMode>
      <QueryClientProvider client={queryClient}>
        <BrowserRouter basename="/admin">
          <Hydrated>
            <App />
          </Hydrated>
        </BrowserRouter>
      </QueryClientProvider>
    </StrictMode>,
  );
