import { Type } from "@sinclair/typebox";

/**
 * Greenhouse's Assessment Partner API as published (developers.greenhouse.io/assessment.html): objects are
 * open (Greenhouse may add properties), a property without a value may come as null.
 */
const text = Type.String({ maxLength: 4096 });
const maybe = Type.Optional(Type.Union([text, Type.Null()]));

export const SendTestRequest = Type.Object(
  {
    partner_test_id: Type.String({ minLength: 1, maxLength: 200 }),
    candidate: Type.Object(
      {
        first_name: text,
        last_name: text,
        preferred_name: maybe,
        resume_url: maybe,
        phone_number: maybe,
        email: Type.String({ minLength: 3, maxLength: 320 }),
        greenhouse_profile_url: maybe,
      },
      { additionalProperties: true },
    ),
    sent_by: maybe,
    url: Type.String({ minLength: 1, maxLength: 4096 }),
  },
  { additionalProperties: true },
);

export const ResponseErrorRequest = Type.Object(
  {
    api_call: Type.String({ maxLength: 200 }),
    errors: Type.Array(Type.String({ maxLength: 4096 }), { maxItems: 100 }),
    partner_test_id: maybe,
    partner_test_name: maybe,
    partner_interview_id: maybe,
    candidate_email: maybe,
  },
  { additionalProperties: true },
);
