// Scaffold, replaced by the public layout (header, footer) of the customer-screens work.
import { Outlet } from 'react-router-dom';

export function PublicLayout() {
  return (
    <main>
      <Outlet />
    </main>
  );
}
