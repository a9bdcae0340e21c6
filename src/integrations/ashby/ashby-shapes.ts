import { Type } from "@sinclair/typebox";

/**
 * Ashby's assessment partner API as published (developers.ashbyhq.com, "Creating an assessments
 * integration" and the assessment.* references): the bodies Ashby sends to the partner. Objects are open.
 */
const id = Type.String({ minLength: 1, maxLength: 200 });
const text = Type.String({ maxLength: 4096 });

export const StartRequest = Type.Object(
  {
    assessment_type_id: id,
    candidate: Type.Object(
      {
        ashby_id: id,
        first_name: text,
        last_name: text,
        email: Type.String({ maxLength: 320 }),
        ashby_profile_url: text,
      },
      { additionalProperties: true },
    ),
    application: Type.Object({ ashby_id: id, status: Type.String({ maxLength: 100 }) }, { additionalProperties: true }),
    job: Type.Object({ ashby_id: id, name: text, ashby_job_url: text }, { additionalProperties: true }),
  },
  { additionalProperties: true },
);

export const CancelRequest = Type.Object({ assessment_id: id }, { additionalProperties: true });

/** candidate.info's answer, as far as it is read: the resume's file handle. */
export const CandidateInfoAnswer = Type.Object(
  {
    success: Type.Boolean(),
    results: Type.Optional(
      Type.Object(
        {
          resumeFileHandle: Type.Optional(
            Type.Union([Type.Object({ handle: Type.String() }, { additionalProperties: true }), Type.Null()]),
          ),
        },
        { additionalProperties: true },
      ),
    ),
  },
  { additionalProperties: true },
);

/** file.info's answer: the file's (temporary) URL. */
export const FileInfoAnswer = Type.Object(
  {
    success: Type.Boolean(),
    results: Type.Optional(Type.Object({ url: Type.String() }, { additionalProperties: true })),
  },
  { additionalProperties: true },
);
