// Scaffold page, replaced by its feature's real screen.
export default function CareerPage() {
  return (
    <section className="container section">
      <h1>Careers</h1>
    </section>
  );
}
