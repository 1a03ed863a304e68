-- Misses in a row (issue 33): wrong answers since the pair's last right one, from the history.
-- Only rows whose run ends in a wrong answer (streak 0) have any.
UPDATE question_streaks s SET misses = m.misses
FROM (
  SELECT h.user_id, h.question_id, count(*)::int AS misses
  FROM question_answer_history h
  JOIN question_streaks q ON q.user_id = h.user_id AND q.question_id = h.question_id
    AND q.streak = 0 AND q.last_wrong_at IS NOT NULL
  WHERE NOT h.is_correct AND NOT EXISTS (
    SELECT 1 FROM question_answer_history r
    WHERE r.user_id = h.user_id AND r.question_id = h.question_id AND r.is_correct
      AND r.created_at > h.created_at)
  GROUP BY h.user_id, h.question_id
) m
WHERE s.user_id = m.user_id AND s.question_id = m.question_id;
