/**
 * Which files of a commit are code the candidate wrote. Only those count as the candidate's lines: a
 * lockfile, a vendored or third-party tree, generated or built output, a document, an image or a data
 * file says nothing about who wrote the project, however many lines it adds (a generator's 17,000-line
 * lockfile, a CV uploaded as a PDF, 33,000 lines of glad and stb copied under lib/). Pure, by path.
 */

export type FileKind = "authored" | "lockfile" | "vendored" | "generated" | "document" | "media" | "data";

const LOCKFILE =
  /(^|\/)(package-lock\.json|npm-shrinkwrap\.json|yarn\.lock|pnpm-lock\.yaml|bun\.lockb?|Cargo\.lock|poetry\.lock|Pipfile\.lock|Gemfile\.lock|composer\.lock|go\.sum|uv\.lock|flake\.lock|mix\.lock|pubspec\.lock|Podfile\.lock|packages\.lock\.json|gradle\.lockfile|Package\.resolved)$/;

/** Directories that hold other people's code, at any depth. */
const VENDORED_DIR =
  /(^|\/)(node_modules|bower_components|jspm_packages|vendor|vendors|_vendor|third[_-]?party|3rd[_-]?party|external|externals|extern|deps|Pods|venv|\.venv|site-packages|Godeps)\//i;

/**
 * Libraries people copy into `lib/` (or `libs/`, `include/`): a directory of one of these names there is
 * someone else's code. A project's own `lib/` (Ruby gems, Node packages) keeps its own names and counts.
 */
const KNOWN_LIBRARIES = [
  "glad",
  "glfw",
  "glm",
  "glew",
  "stb",
  "imgui",
  "sdl",
  "sdl2",
  "lua",
  "luajit",
  "sqlite",
  "sqlite3",
  "zlib",
  "libpng",
  "lodepng",
  "freetype",
  "bullet",
  "box2d",
  "nlohmann",
  "json",
  "catch",
  "catch2",
  "googletest",
  "gtest",
  "eigen",
  "boost",
  "assimp",
  "raylib",
  "miniaudio",
  "openal",
  "fastnoise",
  "fastnoiselite",
  "noise",
  "simplexnoise",
  "opensimplex",
  "perlin",
  "tinyobjloader",
  "cjson",
  "libtomcrypt",
  "mbedtls",
  "jquery",
  "bootstrap",
  "fontawesome",
  "font-awesome",
  "three",
  "d3",
];
const LIB_COPY = new RegExp(`(^|/)(lib|libs|include)/(${KNOWN_LIBRARIES.join("|")})([-_.]?[0-9.]*)?/`, "i");
/** Single-file libraries copied anywhere: stb_image.h, glad.c, khrplatform.h, sqlite3.c, json.hpp ... */
const LIB_FILE =
  /(^|\/)(stb_[a-z_]+\.h|glad\.[ch]|khrplatform\.h|sqlite3(ext)?\.[ch]|miniaudio\.h|json\.hpp|FastNoiseLite\.h|FastNoise\.(h|cpp)|lodepng\.(h|cpp)|tiny_obj_loader\.h|imgui[a-z_]*\.(h|cpp)|jquery[-.0-9a-z]*\.js|bootstrap[-.0-9a-z]*\.(js|css))$/i;

/**
 * Build output (site generators' exports included: _next/, _site/, _astro/ ...; a bundler's chunks and
 * manifests wherever the output folder was copied to) and generated code.
 */
const BUILD_MARKERS =
  /(^|\/)(static\/chunks|vendor-chunks|cache\/webpack)\/|(^|\/)[^/]*[-_](build-|client-reference-|font-|loadable-|route-|server-reference-|paths-)?manifest\.js$|\.rscinfo$/i;
const GENERATED =
  /(^|\/)(dist|build|out|target|obj|\.next|_next|\.nuxt|\.output|_site|_astro|\.svelte-kit|\.docusaurus|storybook-static|__pycache__|coverage|\.gradle|\.parcel-cache|\.cache)\/|\.(min\.(js|css)|bundle\.js|chunk\.js|map|pyc|class|o|obj|so|dll|dylib|exe|jar|war|wasm|ipynb)$|(_pb2(_grpc)?\.py|\.pb\.go|\.pb\.(cc|h)|\.g\.dart|\.generated\.[a-z]+|\.designer\.cs)$/i;

const DOCUMENT = /\.(pdf|docx?|pptx?|xlsx?|odt|ods|odp|rtf|epub|key|pages|numbers)$/i;
const MEDIA =
  /\.(png|jpe?g|gif|bmp|ico|icns|svg|webp|tiff?|psd|ai|eps|xcf|heic|mp3|mp4|m4a|wav|ogg|flac|mov|avi|mkv|webm|ttf|otf|woff2?|eot|zip|gz|tgz|tar|7z|rar|bin|blend|fbx|glb|gltf)$/i;
const DATA =
  /\.(csv|tsv|jsonl|ndjson|parquet|feather|arrow|sqlite3?|db|geojson|topojson|npy|npz|pkl|pickle|h5|hdf5|dat|arff|mat)$/i;
/** JSON is data unless it is a manifest or a tool's configuration. */
const JSON_FILE = /\.json$/i;
const JSON_CONFIG =
  /(^|\/)(package|composer|tsconfig[^/]*|jsconfig|deno|angular|nx|lerna|turbo|biome|vercel|firebase|app|manifest|project|\.eslintrc|\.prettierrc|\.babelrc|babel\.config|launch|tasks|settings|extensions|devcontainer)\.json$/i;

export function fileKind(path: string): FileKind {
  if (LOCKFILE.test(path)) return "lockfile";
  if (VENDORED_DIR.test(path) || LIB_COPY.test(path) || LIB_FILE.test(path)) return "vendored";
  if (GENERATED.test(path) || BUILD_MARKERS.test(path)) return "generated";
  if (DOCUMENT.test(path)) return "document";
  if (MEDIA.test(path)) return "media";
  if (DATA.test(path) || (JSON_FILE.test(path) && !JSON_CONFIG.test(path))) return "data";
  return "authored";
}

/** True for code (or prose) the candidate plausibly wrote; false for everything fileKind sets apart. */
export function isAuthoredFile(path: string): boolean {
  return fileKind(path) === "authored";
}
