import { fullName } from "@/lib/people";
import type { ExportComment, ExportDocument, ExportFollowUp, ExportPhoto, ExportRecording } from "@/lib/schemas/data-export";

// index.html of an export: the whole export, readable in any browser from the unzipped folder,
// with no server, no script and nothing fetched from the network (the photos by relative path).

const escapeHtml = (value: string) =>
  value.replace(/[&<>"']/g, (character) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[character]!);

const paragraphs = (value: string) =>
  value
    .split(/(?:\r?\n){2,}/)
    .map((paragraph) => `<p>${escapeHtml(paragraph).replace(/\r?\n/g, "<br>")}</p>`)
    .join("\n");

const longDate = (isoDate: string) =>
  new Date(`${isoDate.slice(0, 10)}T00:00:00Z`).toLocaleDateString("en-GB", { day: "numeric", month: "long", year: "numeric", timeZone: "UTC" });

const count = (value: number, one: string, many: string) => `${value} ${value === 1 ? one : many}`;

/** A memory or an answer told out loud, played from the ZIP's own copy by the browser's player. */
const recordingHtml = (recording: ExportRecording | null | undefined, title: string) =>
  recording
    ? `<figure class="recording"><audio controls preload="metadata" src="${escapeHtml(recording.file.split("/").map(encodeURIComponent).join("/"))}" aria-label="${escapeHtml(`Recording of “${title}”, ${Math.round(recording.duration_seconds / 60) || "under 1"} min`)}"></audio><figcaption>Told out loud: ${escapeHtml(recording.file_name)}</figcaption></figure>\n${
        recording.transcript ? `<details class="transcript"><summary>Read what was said</summary><p>${escapeHtml(recording.transcript)}</p></details>\n` : ""
      }`
    : "";

/** A memory's or an answer's photos, by their relative path; `of` names what they belong to, for their text alternative. */
const photosHtml = (photos: ExportPhoto[] = [], of: string) =>
  photos
    .map(
      (photo, index) =>
        `<figure><img src="${escapeHtml(photo.file.split("/").map(encodeURIComponent).join("/"))}" width="${photo.width}" height="${photo.height}" alt="Photo ${index + 1} of ${photos.length} of ${escapeHtml(of)}"></figure>`,
    )
    .join("\n");

const STYLE = `
  :root { color-scheme: light; font-family: Georgia, "Times New Roman", serif; color: #1f2937; background: #fbf8f3; }
  body { margin: 0 auto; max-width: 52rem; padding: 1.5rem 1rem 4rem; line-height: 1.6; }
  h1 { font-size: 2rem; margin: 0 0 .25rem; }
  h2 { font-size: 1.5rem; margin: 2.5rem 0 1rem; border-bottom: 1px solid #d6cfc4; padding-bottom: .25rem; }
  h3 { font-size: 1.25rem; margin: 0 0 .25rem; }
  article { background: #fff; border: 1px solid #e5ded3; border-radius: .5rem; padding: 1rem 1.25rem; margin: 0 0 1.25rem; }
  .meta { color: #4b5563; font-size: 1rem; margin: 0 0 .75rem; }
  figure { margin: .75rem 0; }
  img { max-width: 100%; height: auto; border-radius: .25rem; display: block; }
  dl { margin: 0; } dt { font-weight: bold; margin-top: .75rem; } dd { margin: .25rem 0 0; }
  nav ul { padding-left: 1.25rem; } a { color: #1d4ed8; }
`;

export function renderExportIndexHtml(document: ExportDocument) {
  const people = new Map(document.people.map((person) => [person.id, fullName(person)]));
  const nameOf = (id: string | null) => (id ? (people.get(id) ?? "Someone") : "Someone");
  const heading =
    document.scope === "family"
      ? `${escapeHtml(document.family?.name ?? "Our family")}: the family's book`
      : `${escapeHtml(nameOf(document.exported_by.id))}: my Family Book`;

  /** The "Tell us more" questions under a story, answered or still waiting. */
  const followUpsHtml = (followUps: ExportFollowUp[] | undefined) =>
    followUps?.length
      ? `<aside class="follow-ups"><h4>Tell us more</h4>
${followUps
  .map(
    (followUp) =>
      `<p><strong>${escapeHtml(nameOf(followUp.asked_by_id))} asked:</strong> ${escapeHtml(followUp.question)}</p>\n${
        followUp.answer === null
          ? `<p class="meta">Not answered yet.</p>`
          : followUp.answer.trim() === ""
            ? `<p><strong>Answered out loud:</strong></p>`
            : `<p><strong>Answer:</strong> ${escapeHtml(followUp.answer)}</p>`
      }${followUp.recording ? `\n${recordingHtml(followUp.recording, followUp.question)}` : ""}`,
  )
  .join("\n")}
</aside>`
      : "";

  /** The comments under a story or an answer, oldest first. */
  const commentsHtml = (comments: ExportComment[] | undefined) =>
    comments?.length
      ? `<aside class="comments"><h4>Comments</h4>
${comments
  .map(
    (comment) =>
      `<p><strong>${escapeHtml(nameOf(comment.author_id))}</strong> <span class="meta">(${escapeHtml(longDate(comment.created_at))})</span>: ${escapeHtml(comment.body)}</p>`,
  )
  .join("\n")}
</aside>`
      : "";

  const memories = document.memories
    .map((memory) => {
      const tags = memory.tags.length ? ` · With ${escapeHtml(memory.tags.map((tag) => tag.name).join(", "))}` : "";
      const photos = photosHtml(memory.photos, `“${memory.title}”`);
      return `<article id="memory-${memory.id}">
<h3>${escapeHtml(memory.title)}</h3>
<p class="meta">${escapeHtml(longDate(memory.memory_date))} · By ${escapeHtml(nameOf(memory.author_id))} · ${memory.is_shared ? "Shared with the family" : "Private"}${tags}</p>
${paragraphs(memory.content)}
${recordingHtml(memory.recording, memory.title)}${photos}
${followUpsHtml(memory.follow_ups)}
${commentsHtml(memory.comments)}
</article>`;
    })
    .join("\n");

  const submissions = document.submissions
    .map(
      (submission) => `<article id="answers-${submission.id}">
<h3>${escapeHtml(submission.questionnaire_title)}</h3>
<p class="meta">${escapeHtml(longDate(submission.created_at))} · By ${escapeHtml(nameOf(submission.author_id))}</p>
<dl>
${submission.responses
  .map(
    (response) =>
      `<dt>${escapeHtml(response.question_text)}</dt>\n<dd>${paragraphs(response.answer_text)}${recordingHtml(response.recording, response.question_text)}${photosHtml(response.photos, `the answer to “${response.question_text}”`)}${followUpsHtml(response.follow_ups)}${commentsHtml(response.comments)}</dd>`,
  )
  .join("\n")}
</dl>
</article>`,
    )
    .join("\n");

  const questionnaires = document.questionnaires
    .map(
      (questionnaire) => `<article id="questionnaire-${questionnaire.id}">
<h3>${escapeHtml(questionnaire.title)}</h3>
<p class="meta">Written by ${escapeHtml(nameOf(questionnaire.created_by_id))}</p>
${questionnaire.description ? paragraphs(questionnaire.description) : ""}
<ol>
${questionnaire.questions.map((question) => `<li>${escapeHtml(question.question_text)}</li>`).join("\n")}
</ol>
</article>`,
    )
    .join("\n");

  const none = (what: string) => `<p>No ${what}.</p>`;
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${heading}</title>
<style>${STYLE}</style>
</head>
<body>
<header>
<h1>${heading}</h1>
<p class="meta">Exported from Family Book on ${escapeHtml(longDate(document.exported_at))}. ${count(document.memories.length, "memory", "memories")}, ${count(document.submissions.length, "set of answers", "sets of answers")}.</p>
<nav aria-label="Sections"><ul><li><a href="#memories">Memories</a></li><li><a href="#answers">Answers</a></li><li><a href="#questionnaires">Questionnaires</a></li></ul></nav>
</header>
<main>
<section aria-labelledby="memories"><h2 id="memories">Memories</h2>
${memories || none("memories")}
</section>
<section aria-labelledby="answers"><h2 id="answers">Answers</h2>
${submissions || none("answers")}
</section>
<section aria-labelledby="questionnaires"><h2 id="questionnaires">Questionnaires</h2>
${questionnaires || none("questionnaires written in the family")}
</section>
</main>
</body>
</html>
`;
}
