import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router';
import { AuthProvider } from './lib/auth.tsx';
import { AppRoutes } from './app/router.tsx';
import './styles.css';

const root = document.getElementById('root');
if (!root) throw new Error('#root missing from index.html');

// The first render is a transition: React renders the page in small slices and lets the
// browser work in between, instead of one task of several hundred milliseconds on a phone
// that nothing can interrupt (issue 6: total blocking time). Until then index.html shows a
// static top bar and spinner, which this render replaces.
startTransition(() => {
  createRoot(root).render(
    <StrictMode>
      <BrowserRouter>
        <AuthProvider>
          <AppRoutes />
        </AuthProvider>
      </BrowserRouter>
    </StrictMode>,
  );
});
