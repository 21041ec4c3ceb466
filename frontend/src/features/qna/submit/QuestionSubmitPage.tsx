/** Placeholder: Ask a Question */
export function QuestionSubmitPage() {
  return <h1>Ask a Question</h1>;
}
