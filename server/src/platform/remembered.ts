/**
 * `work` for a key, remembered for up to `most` keys so that a busy key (a phone's cookie, a church's address) costs
 * it once. All are forgotten at once when full: there is no order to keep, and a miss costs only `work` again. An
 * undefined answer (a refusal) is not remembered.
 */
export function remembered<Answer>(most: number, work: (key: string) => Answer): (key: string) => Answer {
  const answers = new Map<string, Answer>();
  return (key) => {
    if (answers.has(key)) return answers.get(key)!;
    const answer = work(key);
    if (answer === undefined) return answer;
    if (answers.size >= most) answers.clear();
    answers.set(key, answer);
    return answer;
  };
}
