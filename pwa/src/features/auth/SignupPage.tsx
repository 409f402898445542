// Scaffold page, replaced by its feature's real screen.
export default function SignupPage() {
  return (
    <section className="container section">
      <h1>Sign up</h1>
    </section>
  );
}
