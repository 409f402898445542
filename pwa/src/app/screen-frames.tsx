// Build-only (prerender.tsx): each daily screen's frame (prerendered-routes.ts, SCREEN_FRAMES), drawn by
// the real layouts and the screen's own heading as they look before any answer. components/ScreenFrame.tsx
// keeps it on screen until the screen itself is drawn. Never part of the browser bundle.
import type { ReactNode } from 'react';
import { Route } from 'react-router-dom';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { FrameMain } from '@/components/ScreenFrame';
import { EmployeeSessionProvider } from '@/features/employee/auth/EmployeeSession';
import { EmployeeLayout } from '@/features/employee/layout/EmployeeLayout';
import { MyVisitsFrame } from '@/features/employee/visits/MyVisitsHead';
import { OrdersFrame } from '@/features/orders/OrdersHead';
import { PublicLayout } from './layouts/PublicLayout';

// The portal's badges read their answers through a query client; a build's render asks nothing.
const noAnswers = new QueryClient();

/** Each frame's routes, by its address. */
export const screenFrames: Record<string, ReactNode> = {
  '/orders': (
    <Route element={<PublicLayout />}>
      <Route
        path="/orders"
        element={
          <FrameMain>
            <OrdersFrame />
          </FrameMain>
        }
      />
    </Route>
  ),
  '/employee/my-visits': (
    <Route
      element={
        <QueryClientProvider client={noAnswers}>
          <EmployeeSessionProvider>
            <EmployeeLayout />
          </EmployeeSessionProvider>
        </QueryClientProvider>
      }
    >
      <Route
        path="/employee/my-visits"
        element={
          <FrameMain>
            <MyVisitsFrame />
          </FrameMain>
        }
      />
    </Route>
  ),
};
