/**
 * Technologies a project names, pure. Two sources: explicit lists ("Name | Python, Pygame",
 * "Tech: React, Node.js", a tag line under the title) where every item counts, and prose ("built
 * using JavaScript, EJS, NodeJS, and MongoDB") where only names from a known vocabulary count.
 */

const KNOWN = [
  "Python",
  "Java",
  "JavaScript",
  "TypeScript",
  "C",
  "C++",
  "C#",
  "Go",
  "Golang",
  "Rust",
  "Ruby",
  "PHP",
  "Kotlin",
  "Swift",
  "Scala",
  "Haskell",
  "OCaml",
  "Elixir",
  "Erlang",
  "Clojure",
  "Dart",
  "Lua",
  "Perl",
  "R",
  "MATLAB",
  "Julia",
  "Bash",
  "Shell",
  "PowerShell",
  "SQL",
  "PL/SQL",
  "Assembly",
  "Solidity",
  "Zig",
  "Nim",
  "F#",
  "Objective-C",
  "Groovy",
  "HTML",
  "HTML5",
  "CSS",
  "CSS3",
  "Sass",
  "SCSS",
  "Less",
  "Tailwind",
  "Tailwind CSS",
  "Bootstrap",
  "jQuery",
  "EJS",
  "React",
  "React Native",
  "Redux",
  "Next.js",
  "Vue",
  "Vue.js",
  "Nuxt",
  "Angular",
  "AngularJS",
  "Svelte",
  "SvelteKit",
  "Node.js",
  "NodeJS",
  "Node",
  "Express",
  "Express.js",
  "ExpressJS",
  "NestJS",
  "Deno",
  "Bun",
  "Django",
  "Flask",
  "FastAPI",
  "Spring",
  "Spring Boot",
  "Rails",
  "Ruby on Rails",
  "Laravel",
  "ASP.NET",
  "ASP.NET Core",
  ".NET",
  "Gin",
  "Fiber",
  "Echo",
  "Actix",
  "Tokio",
  "Axum",
  "Phoenix",
  "Qt",
  "GTK",
  "Electron",
  "Tauri",
  "Flutter",
  "Android",
  "iOS",
  "SwiftUI",
  "Jetpack Compose",
  "Unity",
  "Unreal",
  "Godot",
  "Pygame",
  "OpenGL",
  "Vulkan",
  "WebGL",
  "WebAssembly",
  "Web Assembly",
  "Wasm",
  "GraphQL",
  "REST",
  "gRPC",
  "Protobuf",
  "WebSocket",
  "WebRTC",
  "MySQL",
  "PostgreSQL",
  "Postgres",
  "SQLite",
  "MongoDB",
  "Redis",
  "Cassandra",
  "DynamoDB",
  "Elasticsearch",
  "Firebase",
  "Supabase",
  "Oracle",
  "MariaDB",
  "Neo4j",
  "ClickHouse",
  "Snowflake",
  "BigQuery",
  "Kafka",
  "RabbitMQ",
  "Docker",
  "Kubernetes",
  "Helm",
  "Terraform",
  "Ansible",
  "Jenkins",
  "GitHub Actions",
  "GitLab CI",
  "CircleCI",
  "AWS",
  "GCP",
  "Azure",
  "Vercel",
  "Netlify",
  "Heroku",
  "Cloudflare",
  "Lambda",
  "S3",
  "EC2",
  "Nginx",
  "Linux",
  "Git",
  "Webpack",
  "Vite",
  "Babel",
  "Jest",
  "Vitest",
  "Cypress",
  "Playwright",
  "Selenium",
  "JUnit",
  "pytest",
  "TensorFlow",
  "PyTorch",
  "Keras",
  "scikit-learn",
  "Scikit-Learn",
  "Pandas",
  "NumPy",
  "SciPy",
  "Matplotlib",
  "OpenCV",
  "Streamlit",
  "Gradio",
  "LangChain",
  "Hugging Face",
  "Transformers",
  "spaCy",
  "NLTK",
  "XGBoost",
  "EasyOCR",
  "YOLO",
  "CUDA",
  "Spark",
  "Hadoop",
  "Airflow",
  "dbt",
  "Tableau",
  "Power BI",
  "Plotly",
  "D3",
  "D3.js",
  "Three.js",
  "Arduino",
  "Raspberry Pi",
  "ROS",
  "Verilog",
  "VHDL",
  "LaTeX",
  "Figma",
  "Prisma",
  "Sequelize",
  "Mongoose",
  "Hibernate",
  "JSP",
  "Servlets",
  "Tkinter",
  "JavaFX",
  "Swing",
  "Win32",
  "LLVM",
  "GCC",
  "CMake",
  "Gradle",
  "Maven",
  "npm",
  "Yarn",
  "pnpm",
  "Storybook",
  "MUI",
  "Chakra UI",
  "Socket.io",
  "OAuth",
  "JWT",
  "Stripe",
  "Twilio",
  "OpenAI",
  "Gemini",
  "Ollama",
  "MIT App Inventor",
  "Draw.io",
  "Jira",
  "Postman",
  "Swagger",
  "Zabbix",
  "Prometheus",
  "Grafana",
  "Vault",
  "Consul",
  "Nomad",
  "Packer",
  "Pulumi",
  "Linux kernel",
  "eBPF",
  "sqlx",
  "GORM",
  "Gorilla Mux",
  "Cobra",
  "SQLAlchemy",
  "Alembic",
  "Celery",
  "Pydantic",
  "Jupyter",
];

const CANON = new Map<string, string>();
for (const k of KNOWN) CANON.set(k.toLowerCase(), k);

/** The vocabulary spelling of a technology name, or null when the name is unknown. */
export function canonicalTechnology(name: string): string | null {
  return CANON.get(name.trim().toLowerCase()) ?? null;
}

function escapeRegExp(s: string): string {
  return s.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
}

// Longest names first so "React Native" wins over "React"; boundaries that allow "C++" and "Node.js".
const PROSE = new RegExp(
  `(?<![\\p{L}\\p{N}+#.])(${[...KNOWN]
    .sort((a, b) => b.length - a.length)
    .map(escapeRegExp)
    .join("|")})(?![\\p{L}\\p{N}+#]|\\.[\\p{L}])`,
  "giu",
);

/** Known technology names mentioned in prose, in order of first mention, without duplicates. */
export function scanTechnologies(text: string): string[] {
  const out: string[] = [];
  for (const m of text.matchAll(PROSE)) {
    const canon = canonicalTechnology(m[1]!) ?? m[1]!;
    // one-letter languages ("C", "R") only as written, and not in "R&D" or "C-level"
    if (canon.length === 1 && (m[1] !== canon || /^[&'-]/.test(text.slice(m.index! + 1)))) continue;
    // "go", "spring", "express", "less" in lower case are English words, not the technologies
    if (/\p{Lu}/u.test(canon[0]!) && !/\p{Lu}/u.test(m[1]![0]!)) continue;
    if (!out.includes(canon)) out.push(canon);
  }
  return out;
}

/** Items of an explicit list: "Python, Pygame", "Golang go-telegram/bot sqlx", "React • Node.js". */
export function splitTechList(text: string): string[] {
  const t = text
    .replace(/^\s*(tech(nologies|nology)?|tech stack|stack|tools|built with|languages?|frameworks?)\s*[:\-–]\s*/i, "")
    .trim();
  if (!t) return [];
  if (canonicalTechnology(t)) return [t];
  const parts = /[,;•|·/]/.test(t.replace(/\b[\w.-]+\/[\w.-]+\b/g, "")) ? t.split(/\s*[,;•|·]\s*/) : t.split(/\s+/);
  return parts
    .map((p) =>
      p
        .replace(/^(and|&)\s+/i, "")
        .replace(/[.()]+$/, "")
        .trim(),
    )
    .filter((p) => p.length > 0 && p.length <= 40);
}

/** A line that is nothing but a technology list: short items, most of them known names. */
export function isTechListLine(text: string): boolean {
  const items = splitTechList(text);
  if (items.length === 0 || text.length > 120 || /[.!?]\s+\p{Lu}/u.test(text)) return false;
  if (items.some((i) => i.split(/\s+/).length > 3)) return false;
  const known = items.filter((i) => canonicalTechnology(i) !== null).length;
  return known >= Math.max(1, Math.ceil(items.length * 0.5));
}

/** Merge lists without duplicates (case-insensitive), keeping first spellings. */
export function mergeTechnologies(...lists: string[][]): string[] {
  const out: string[] = [];
  const seen = new Set<string>();
  for (const list of lists)
    for (const t of list) {
      const key = t.toLowerCase();
      if (!seen.has(key)) {
        seen.add(key);
        out.push(canonicalTechnology(t) ?? t);
      }
    }
  return out;
}
