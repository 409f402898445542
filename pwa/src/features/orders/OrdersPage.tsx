// Scaffold page, replaced by its feature's real screen.
export default function OrdersPage() {
  return (
    <section className="container section">
      <h1>My Bookings</h1>
    </section>
  );
}
