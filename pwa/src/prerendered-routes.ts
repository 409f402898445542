// The public routes the build pre-renders (prerender.tsx, vite.config.ts), each with the page modules
// (under pwa/src) whose chunks it needs to hydrate: their scripts are preloaded with the entry and their
// styles inlined, so the page is painted from HTML and becomes live in one round of requests.
// Each is written as `<path>.html` (`/` as index.html); the server and the service worker's precache
// (workbox's cleanURLs) answer `/about` with about.html. Every other route gets shell.html.
export const PRERENDERED_ROUTES: Record<string, readonly string[]> = {
  '/': ['features/marketing/HomePage.tsx'],
  '/about': ['features/marketing/AboutPage.tsx'],
  '/services': ['features/marketing/ServicesPage.tsx'],
  '/blog': ['features/blog/BlogPage.tsx'],
  '/contact': ['features/forms/ContactPage.tsx'],
  '/enquiry': ['features/forms/EnquiryPage.tsx'],
  '/career': ['features/forms/CareerPage.tsx'],
  '/login': ['features/auth/LoginPage.tsx'],
  '/signup': ['features/auth/SignupPage.tsx'],
  '/privacy': ['features/legal/PrivacyPage.tsx'],
  '/terms': ['features/legal/TermsPage.tsx'],
  '/employee/login': ['features/employee/auth/LoginPage.tsx'],
  '/employee/forgot-password': ['features/employee/auth/ForgotPasswordPage.tsx'],
};

/**
 * The daily screens a signed-in person opens straight from their address (the home-screen icon, a
 * notice): each address's HTML carries the screen's frame — its layout and heading, as the screen
 * draws them before its answers (app/screen-frames.tsx) — so a repeat visit paints it from the service
 * worker before any script runs. With each, the modules that draw the screen: preloaded, their styles
 * inlined, the query client and the device's database (lib/db.ts) among them, for the kept answers.
 */
export const SCREEN_FRAMES: Record<string, readonly string[]> = {
  '/orders': ['features/orders/OrdersPage.tsx', 'lib/QueryProvider.tsx', 'lib/db.ts'],
  '/employee/my-visits': ['features/employee/EmployeeApp.tsx', 'features/employee/visits/MyVisitsPage.tsx', 'lib/QueryProvider.tsx', 'lib/db.ts'],
};

/** The file a pre-rendered route is written to, relative to the build's root. */
export const prerenderedFile = (route: string) => (route === '/' ? 'index.html' : `${route.slice(1)}.html`);
