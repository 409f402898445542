// Scaffold page, replaced by its feature's real screen.
export default function ContactPage() {
  return (
    <section className="container section">
      <h1>Contact us</h1>
    </section>
  );
}
