// Every route of the app. Every page is lazy-loaded, each in its own chunk: the entry carries the
// framework, the layout and the router only, so a first visit to any page downloads that page alone.
// Each pre-rendered route's HTML preloads its page's chunks with the entry (vite.config.ts), so the
// markup it paints is hydrated in one round of requests.
// Declarative routes (<BrowserRouter>/<Routes>) rather than createBrowserRouter: no screen uses the
// data APIs (loaders, actions, fetchers), and leaving them out takes ~16 KB gzip off the first load.
// Screens that read or write server state are loaded with the TanStack Query client (withQueries);
// the marketing, legal, sign-in and public form pages, which don't, are not.
import { lazy, Suspense, type ReactNode } from 'react';
import { BrowserRouter, Route, Routes } from 'react-router-dom';
import { FrameFallback } from '../components/ScreenFrame';
import { PublicLayout } from './layouts/PublicLayout';
import { RequireCustomer } from './layouts/RequireCustomer';
import { withQueries } from '@/lib/withQueries';

type Load = () => Promise<{ default: React.ComponentType; }>;

/** While it loads: the screen's frame at its own address (inside the public layout, its screen part only), else a spinner. */
const lazyPage = (Page: React.ComponentType, frame: 'page' | 'main' = 'main') => (
  <Suspense fallback={<FrameFallback part={frame} />}>
    <Page />
  </Suspense>
);
/** A screen that uses TanStack Query; a portal (its own layout) passes `frame` 'page'. */
const queryPage = (load: Load, frame?: 'page' | 'main') => lazyPage(lazy(withQueries(load)), frame);
/** A screen with no server state to cache: no query client to download. */
const page = (load: Load) => lazyPage(lazy(load));

const guarded = (node: ReactNode) => <RequireCustomer>{node}</RequireCustomer>;
const notFound = page(() => import('../features/marketing/NotFoundPage'));

// Built once at module load: each page() / queryPage() call creates its lazy component, which must stay stable.
// Exported for the build's pre-render (prerender.tsx), which puts them in a StaticRouter.
export const routes = (
  <Routes>
    <Route element={<PublicLayout />}>
      <Route path="/" element={page(() => import('../features/marketing/HomePage'))} />
      <Route path="/about" element={page(() => import('../features/marketing/AboutPage'))} />
      <Route path="/services" element={page(() => import('../features/marketing/ServicesPage'))} />
      <Route path="/enquiry" element={page(() => import('../features/forms/EnquiryPage'))} />
      {/* Its first page comes in the HTML; the page loads TanStack Query itself when it pages on. */}
      <Route path="/blog" element={page(() => import('../features/blog/BlogPage'))} />
      {/* A post's own page; a slug no post has shows the not-found page (the server also answers 404). */}
      <Route
        path="/blog/:slug"
        element={queryPage(() => import('../features/blog/BlogPostPage').then(({ default: Post }) => ({ default: () => <Post notFound={notFound} /> })))}
      />
      <Route path="/career" element={page(() => import('../features/forms/CareerPage'))} />
      <Route path="/contact" element={page(() => import('../features/forms/ContactPage'))} />
      <Route path="/privacy" element={page(() => import('../features/legal/PrivacyPage'))} />
      <Route path="/terms" element={page(() => import('../features/legal/TermsPage'))} />
      <Route path="/login" element={page(() => import('../features/auth/LoginPage'))} />
      <Route path="/signup" element={page(() => import('../features/auth/SignupPage'))} />
      <Route path="/profile" element={guarded(queryPage(() => import('../features/profile/ProfilePage')))} />
      <Route path="/profileg" element={guarded(queryPage(() => import('../features/profile/GoogleProfilePage')))} />
      <Route path="/orders" element={guarded(queryPage(() => import('../features/orders/OrdersPage')))} />
      <Route path="/statements" element={guarded(queryPage(() => import('../features/statements/StatementsPage')))} />
      <Route path="/account/payments" element={guarded(queryPage(() => import('../features/payments/PaymentsPage')))} />
      <Route path="/notices" element={guarded(queryPage(() => import('../features/notices/MyNoticesPage')))} />
      {/* A mail's unsubscribe link: works signed out (features/notices). */}
      <Route path="/unsubscribe" element={page(() => import('../features/notices/UnsubscribePage'))} />
      {/* A notice's signed Skip / Move / Rate link: works signed out (features/visit-link). */}
      <Route path="/visit-link" element={page(() => import('../features/visit-link/VisitLinkPage'))} />
      <Route path="/outbox" element={queryPage(() => import('../features/outbox/OutboxPage'))} />
      <Route path="*" element={notFound} />
    </Route>
    {/* Staff sign-in is the portal's front door, often a first visit from the home screen: pages of their own. */}
    <Route path="/employee/login" element={page(() => import('../features/employee/auth/LoginPage'))} />
    <Route path="/employee/forgot-password" element={page(() => import('../features/employee/auth/ForgotPasswordPage'))} />
    {/* The employee portal has its own layout and routes (features/employee/EmployeeApp.tsx). */}
    <Route path="/employee/*" element={queryPage(() => import('../features/employee/EmployeeApp'), 'page')} />
    {/* The office (admins): its own chunk, layout and routes (features/office/OfficeApp.tsx). */}
    <Route path="/office/*" element={queryPage(() => import('../features/office/OfficeApp'), 'page')} />
  </Routes>
);

export function AppRoutes() {
  return <BrowserRouter>{routes}</BrowserRouter>;
}
