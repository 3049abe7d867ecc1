"use client";

import { AnswerPhotosEditor } from "@/components/questionnaires/answer-photos-editor";
import { apiRequest } from "@/lib/api-client";
import type { AnswerPhotoDto } from "@/server/questions/questionnaires/answer-photos";

/**
 * After a weekly answer is saved, photos for it, with the same link that answered it and no
 * password (docs/product.md §13): a grandparent adds the photo of the house they wrote about.
 */
export function WeeklyAnswerPhotos({ token, photos }: { token: string; photos: AnswerPhotoDto[] }) {
  return (
    <section aria-labelledby="weekly-answer-photos" className="flex flex-col gap-3">
      <h2 id="weekly-answer-photos" className="text-2xl font-semibold">
        Add photos to your answer
      </h2>
      <AnswerPhotosEditor
        photos={photos}
        add={(form) => {
          form.append("token", token);
          return apiRequest("/weekly-questions/answer/photos", { formData: form });
        }}
        remove={(photoId) => apiRequest(`/weekly-questions/answer/photos/${photoId}`, { method: "DELETE", json: { token } })}
      />
    </section>
  );
}
