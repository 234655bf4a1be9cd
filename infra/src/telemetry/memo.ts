/**
 * Remembers a pure function's answers for the most recent distinct inputs: beacons come from a few hundred
 * browsers' user agents, and parsing one (bowser, isbot's pattern) costs more than the rest of a hit. Memory only,
 * bounded: past `limit` entries the oldest goes.
 */
export function memoize<Result>(compute: (input: string) => Result, limit = 2000): (input: string) => Result {
  const answers = new Map<string, Result>();
  return (input) => {
    const known = answers.get(input);
    if (known !== undefined || answers.has(input)) return known as Result;
    const answer = compute(input);
    answers.set(input, answer);
    if (answers.size > limit) {
      const oldest = answers.keys().next().value;
      if (oldest !== undefined) answers.delete(oldest);
    }
    return answer;
  };
}
