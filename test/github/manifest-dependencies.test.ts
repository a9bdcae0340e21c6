import { describe, expect, test } from "bun:test";
import { type ManifestFile, manifestDependencies } from "../../src/github/manifest-dependencies.ts";

describe("manifestDependencies", () => {
  const cases: Array<[string, ManifestFile, string, string[]]> = [
    [
      "package.json, all sections",
      "package.json",
      JSON.stringify({
        dependencies: { react: "^18", zod: "3" },
        devDependencies: { vite: "5" },
        peerDependencies: { react: "*" },
        optionalDependencies: { fsevents: "*" },
      }),
      ["react", "zod", "vite", "fsevents"],
    ],
    ["package.json, malformed", "package.json", "{ not json", []],
    ["package.json, no deps", "package.json", '{"name":"x"}', []],
    [
      "requirements.txt",
      "requirements.txt",
      "# pinned\nrequests[socks]>=2.0 ; python_version<'3.8'\nFlask==3.0.0\n\n-r dev.txt\n--index-url https://x\nnumpy  # math\n",
      ["requests", "Flask", "numpy"],
    ],
    [
      "pyproject (PEP 621 + optional)",
      "pyproject.toml",
      '[project]\nname="x"\ndependencies=["httpx>=0.27", "pydantic"]\n[project.optional-dependencies]\ndev=["pytest"]\n',
      ["httpx", "pydantic", "pytest"],
    ],
    [
      "pyproject (poetry)",
      "pyproject.toml",
      '[tool.poetry.dependencies]\npython="^3.11"\nfastapi="*"\n[tool.poetry.dev-dependencies]\nblack="*"\n',
      ["fastapi", "black"],
    ],
    ["pyproject, malformed", "pyproject.toml", "[project\n", []],
    [
      "Cargo.toml",
      "Cargo.toml",
      '[package]\nname="x"\n[dependencies]\nserde = { version = "1", features = ["derive"] }\ntokio = "1"\n[dev-dependencies]\ninsta = "1"\n',
      ["serde", "tokio", "insta"],
    ],
    [
      "go.mod",
      "go.mod",
      "module example.com/x\n\ngo 1.22\n\nrequire github.com/spf13/cobra v1.8.0\n\nrequire (\n\tgolang.org/x/text v0.14.0 // indirect\n\tgithub.com/stretchr/testify v1.9.0\n)\n",
      ["github.com/spf13/cobra", "golang.org/x/text", "github.com/stretchr/testify"],
    ],
    [
      "Gemfile",
      "Gemfile",
      "source 'https://rubygems.org'\ngem 'rails', '~> 7.1'\n  gem \"pg\"\n# gem 'old'\n",
      ["rails", "pg"],
    ],
    [
      "composer.json",
      "composer.json",
      JSON.stringify({
        require: { php: ">=8.1", "ext-json": "*", "laravel/framework": "^10" },
        "require-dev": { "phpunit/phpunit": "^10" },
      }),
      ["laravel/framework", "phpunit/phpunit"],
    ],
    [
      "pom.xml",
      "pom.xml",
      "<project><dependencies><dependency><groupId>org.springframework</groupId><artifactId>spring-core</artifactId></dependency><dependency><artifactId> junit </artifactId></dependency></dependencies></project>",
      ["spring-core", "junit"],
    ],
  ];
  for (const [name, file, text, expected] of cases)
    test(name, () => expect(manifestDependencies(file, text)).toEqual(expected));
});
