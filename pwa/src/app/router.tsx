// Every route of spec §2. Pages are lazy-loaded so the first paint of `/` ships only what it needs.
import { lazy, Suspense, type ReactNode } from 'react';
import { createBrowserRouter } from 'react-router-dom';
import { Spinner } from '../components/Spinner';
import { PublicLayout } from './layouts/PublicLayout';
import { RequireCustomer } from './layouts/RequireCustomer';

const page = (load: () => Promise<{ default: React.ComponentType }>) => {
  const Page = lazy(load);
  return (
    <Suspense fallback={<Spinner />}>
      <Page />
    </Suspense>
  );
};

const guarded = (node: ReactNode) => <RequireCustomer>{node}</RequireCustomer>;

export const router = createBrowserRouter([
  {
    element: <PublicLayout />,
    children: [
      { path: '/', element: page(() => import('../features/marketing/HomePage')) },
      { path: '/about', element: page(() => import('../features/marketing/AboutPage')) },
      { path: '/services', element: page(() => import('../features/marketing/ServicesPage')) },
      { path: '/enquiry', element: page(() => import('../features/forms/EnquiryPage')) },
      { path: '/blog', element: page(() => import('../features/blog/BlogPage')) },
      { path: '/career', element: page(() => import('../features/forms/CareerPage')) },
      { path: '/contact', element: page(() => import('../features/forms/ContactPage')) },
      { path: '/privacy', element: page(() => import('../features/legal/PrivacyPage')) },
      { path: '/terms', element: page(() => import('../features/legal/TermsPage')) },
      { path: '/login', element: page(() => import('../features/auth/LoginPage')) },
      { path: '/signup', element: page(() => import('../features/auth/SignupPage')) },
      { path: '/profile', element: guarded(page(() => import('../features/profile/ProfilePage'))) },
      { path: '/profileg', element: guarded(page(() => import('../features/profile/GoogleProfilePage'))) },
      { path: '/orders', element: guarded(page(() => import('../features/orders/OrdersPage'))) },
      { path: '/outbox', element: page(() => import('../features/outbox/OutboxPage')) },
      { path: '*', element: page(() => import('../features/marketing/NotFoundPage')) },
    ],
  },
  // The employee portal has its own layout and routes (features/employee/EmployeeApp.tsx).
  { path: '/employee/*', element: page(() => import('../features/employee/EmployeeApp')) },
]);
