-- An answer to a "Tell us more" question may be told out loud with nothing written: its recording
-- is the answer (docs/product.md §22), and its words are empty. Up to 5,000 characters as before.
ALTER TABLE "follow_up_questions" DROP CONSTRAINT "follow_up_questions_answer_length";
ALTER TABLE "follow_up_questions" ADD CONSTRAINT "follow_up_questions_answer_length" CHECK ("answer" IS NULL OR char_length("answer") <= 5000);
