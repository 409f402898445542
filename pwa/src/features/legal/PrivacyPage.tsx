// Scaffold page, replaced by its feature's real screen.
export default function PrivacyPage() {
  return (
    <section className="container section">
      <h1>Privacy policy</h1>
    </section>
  );
}
