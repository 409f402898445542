// Scaffold page, replaced by its feature's real screen.
export default function TermsPage() {
  return (
    <section className="container section">
      <h1>Terms of service</h1>
    </section>
  );
}
