// The built-in question library: GLOBAL questionnaires every signed-in family member can answer.
// Each entry has a permanent slug; ids are derived from it, so seeding is idempotent and a
// reworded question keeps its answers.

export type LibraryQuestion = {
  slug: string;
  text: string;
  description?: string;
  inputType?: "text" | "textarea";
  required?: boolean;
};

export type LibraryQuestionnaire = {
  slug: string;
  title: string;
  description: string;
  allowMultipleResponses?: boolean;
  questions: LibraryQuestion[];
};

export const questionLibrary: LibraryQuestionnaire[] = [
  {
    slug: "childhood",
    title: "Childhood Memories",
    description: "Where it all began: the home, the people and the small moments that shaped you as a child.",
    questions: [
      {
        slug: "born",
        text: "Where and when were you born?",
        required: true,
        description: "The town, the hospital or the house, and anything you were told about that day.",
      },
      { slug: "home", text: "Describe the home you grew up in.", inputType: "textarea", description: "The rooms, the smells, the view from the window." },
      { slug: "earliest", text: "What is your earliest memory?", inputType: "textarea", required: true },
      { slug: "games", text: "What games did you play, and who did you play them with?", inputType: "textarea" },
      { slug: "school", text: "What was school like for you?", inputType: "textarea", description: "A teacher you remember, a subject you loved or dreaded." },
      { slug: "trouble", text: "Tell us about a time you got into trouble.", inputType: "textarea" },
      { slug: "best-friend", text: "Who was your best friend growing up?" },
      { slug: "dream", text: "What did you want to be when you grew up?" },
    ],
  },
  {
    slug: "parents-and-grandparents",
    title: "Parents and Grandparents",
    description: "The people who came before you, as you knew them and as they were told to you.",
    questions: [
      { slug: "parents-names", text: "What were your parents' full names, and where did they come from?", required: true },
      { slug: "parents-met", text: "How did your parents meet?", inputType: "textarea" },
      { slug: "mother", text: "What do you remember most about your mother?", inputType: "textarea", required: true },
      { slug: "father", text: "What do you remember most about your father?", inputType: "textarea", required: true },
      {
        slug: "grandparents",
        text: "What do you know about your grandparents?",
        inputType: "textarea",
        description: "Their names, their work, where they lived, the stories told about them.",
      },
      { slug: "saying", text: "Was there a saying or piece of advice your parents repeated often?" },
      { slug: "heirloom", text: "Is there a family heirloom, recipe or object with a story behind it?", inputType: "textarea" },
    ],
  },
  {
    slug: "love-and-family",
    title: "Love and Family",
    description: "Falling in love, building a family, and what holds it together.",
    questions: [
      { slug: "met-partner", text: "How did you meet your partner?", inputType: "textarea", required: true },
      { slug: "first-date", text: "What do you remember about your first date?", inputType: "textarea" },
      { slug: "knew", text: "When did you know this was the person for you?", inputType: "textarea" },
      { slug: "wedding", text: "Tell us about your wedding day, or the day you decided to build a life together.", inputType: "textarea" },
      {
        slug: "becoming-parent",
        text: "How did it feel to become a parent?",
        inputType: "textarea",
        description: "Skip this one if it does not apply to you.",
      },
      { slug: "hard-times", text: "What got your family through hard times?", inputType: "textarea" },
      { slug: "advice", text: "What advice would you give about love and marriage?", inputType: "textarea", required: true },
    ],
  },
  {
    slug: "work-and-calling",
    title: "Work and Calling",
    description: "The work of your life: jobs, callings, and what you learned along the way.",
    questions: [
      { slug: "first-job", text: "What was your first job, and how much did it pay?", required: true },
      { slug: "career", text: "What kind of work did you spend most of your life doing?", inputType: "textarea", required: true },
      { slug: "proudest", text: "What are you proudest of in your working life?", inputType: "textarea" },
      { slug: "mentor", text: "Who taught you the most about your work?", description: "A boss, a colleague, a parent or a friend." },
      { slug: "change", text: "Did you ever change course? What made you do it?", inputType: "textarea" },
      { slug: "young-worker", text: "What would you tell a young person starting out today?", inputType: "textarea" },
    ],
  },
  {
    slug: "traditions-and-holidays",
    title: "Traditions and Holidays",
    description: "The celebrations, meals and rituals that make your family yours. Answer it again for each holiday you want to remember.",
    allowMultipleResponses: true,
    questions: [
      { slug: "holiday", text: "Which holiday or celebration is this about?", required: true },
      { slug: "memory", text: "Describe a year of this celebration that you will never forget.", inputType: "textarea", required: true },
      { slug: "food", text: "What food was always on the table?", description: "If there is a family recipe, write it down here.", inputType: "textarea" },
      { slug: "who", text: "Who was there, and who did the cooking?" },
      { slug: "tradition", text: "Is there a tradition you hope the family keeps?", inputType: "textarea" },
      { slug: "songs", text: "Were there songs, games or prayers that belonged to the day?", inputType: "textarea" },
    ],
  },
  {
    slug: "life-lessons",
    title: "Life Lessons",
    description: "What a long life has taught you, written down for the ones who come after.",
    questions: [
      { slug: "lesson", text: "What is the most important lesson life has taught you?", inputType: "textarea", required: true },
      { slug: "younger-self", text: "What would you tell your twenty-year-old self?", inputType: "textarea" },
      { slug: "regret", text: "Is there something you wish you had done differently?", inputType: "textarea" },
      { slug: "happiest", text: "When were you happiest?", inputType: "textarea", required: true },
      { slug: "grateful", text: "What are you most grateful for?", inputType: "textarea" },
      { slug: "remembered", text: "How would you like to be remembered?", inputType: "textarea" },
      {
        slug: "grandchildren",
        text: "What do you hope your grandchildren will know about you?",
        inputType: "textarea",
        description: "Anything at all: a story, a value, a joke.",
      },
    ],
  },
];
