// Scaffold page, replaced by its feature's real screen.
export default function OutboxPage() {
  return (
    <section className="container section">
      <h1>Outbox</h1>
    </section>
  );
}
