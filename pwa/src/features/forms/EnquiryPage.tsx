// Scaffold page, replaced by its feature's real screen.
export default function EnquiryPage() {
  return (
    <section className="container section">
      <h1>Enquiry</h1>
    </section>
  );
}
