// Every route of spec §2. Pages other than the home page are lazy-loaded, each in its own chunk.
// Declarative routes (<BrowserRouter>/<Routes>) rather than createBrowserRouter: no screen uses the
// data APIs (loaders, actions, fetchers), and leaving them out takes ~16 KB gzip off the first load.
// The home page is the exception: it is in the entry, because index.html carries it pre-rendered and
// hydrates it in one pass with the header (a lazy home page left its buttons dead until a second
// round trip). Every other screen is loaded with the TanStack Query client (withQueries), so the
// entry carries neither.
import { lazy, Suspense, type ReactNode } from 'react';
import { BrowserRouter, Route, Routes } from 'react-router-dom';
import { Spinner } from '../components/Spinner';
import HomePage from '../features/marketing/HomePage';
import { PublicLayout } from './layouts/PublicLayout';
import { RequireCustomer } from './layouts/RequireCustomer';
import { withQueries } from './withQueries';

const page = (load: () => Promise<{ default: React.ComponentType }>) => {
  const Page = lazy(withQueries(load));
  return (
    <Suspense fallback={<Spinner />}>
      <Page />
    </Suspense>
  );
};

const guarded = (node: ReactNode) => <RequireCustomer>{node}</RequireCustomer>;

// Built once at module load: each page() call creates its lazy component, which must stay stable.
// Exported for the build's pre-render of `/` (prerender.tsx), which puts them in a StaticRouter.
export const routes = (
  <Routes>
    <Route element={<PublicLayout />}>
      <Route path="/" element={<HomePage />} />
      <Route path="/about" element={page(() => import('../features/marketing/AboutPage'))} />
      <Route path="/services" element={page(() => import('../features/marketing/ServicesPage'))} />
      <Route path="/enquiry" element={page(() => import('../features/forms/EnquiryPage'))} />
      <Route path="/blog" element={page(() => import('../features/blog/BlogPage'))} />
      <Route path="/career" element={page(() => import('../features/forms/CareerPage'))} />
      <Route path="/contact" element={page(() => import('../features/forms/ContactPage'))} />
      <Route path="/privacy" element={page(() => import('../features/legal/PrivacyPage'))} />
      <Route path="/terms" element={page(() => import('../features/legal/TermsPage'))} />
      <Route path="/login" element={page(() => import('../features/auth/LoginPage'))} />
      <Route path="/signup" element={page(() => import('../features/auth/SignupPage'))} />
      <Route path="/profile" element={guarded(page(() => import('../features/profile/ProfilePage')))} />
      <Route path="/profileg" element={guarded(page(() => import('../features/profile/GoogleProfilePage')))} />
      <Route path="/orders" element={guarded(page(() => import('../features/orders/OrdersPage')))} />
      <Route path="/outbox" element={page(() => import('../features/outbox/OutboxPage'))} />
      <Route path="*" element={page(() => import('../features/marketing/NotFoundPage'))} />
    </Route>
    {/* The employee portal has its own layout and routes (features/employee/EmployeeApp.tsx). */}
    <Route path="/employee/*" element={page(() => import('../features/employee/EmployeeApp'))} />
    {/* The office (admins): its own chunk, layout and routes (features/office/OfficeApp.tsx). */}
    <Route path="/office/*" element={page(() => import('../features/office/OfficeApp'))} />
  </Routes>
);

export function AppRoutes() {
  return <BrowserRouter>{routes}</BrowserRouter>;
}
