package dev.shellwarden.grammar;

import dev.shellwarden.grammar.bash.Names;
import java.util.List;
import java.util.Set;
import java.util.regex.Pattern;

/**
 * Configuration files that are code: a tool imports them and runs them as a program when it
 * starts ({@code .eslintrc.js} for eslint, {@code jest.config.js} for jest, {@code vite.config.ts},
 * {@code webpack.config.js}, {@code Gruntfile.js}, {@code fabfile.py} for fab, {@code tasks.py}
 * for invoke, {@code dodo.py} for doit…), and the tools that load each.
 *
 * <p>WHY: {@code echo 'require("child_process").execSync(…)' > .eslintrc.js && npx eslint .}
 * runs that call as surely as {@code node -e}. This is the one table of them: the splitter reads
 * a written file's text as the language's inline code when its tool runs ({@link WrittenFiles}),
 * and SW4023 asks about the write-then-run itself ({@code PathFacts.isBuildManifest}).
 *
 * <p>INVARIANT: only adds; a name listed here is a build file everywhere SW4023 looks.
 */
public final class ToolConfigFiles {

    private ToolConfigFiles() {
    }

    /** One kind of code config: its file names, its language ("node" or "python"), the tools that load it. */
    record Entry(Pattern names, String language, Set<String> tools) {
    }

    private static final String JS = "\\.(js|cjs|mjs|ts|cts|mts)";

    private static Entry node(String names, String tools) {
        return new Entry(Pattern.compile("(?i)(" + names + ")" + JS), "node", Set.of(tools.split(" ")));
    }

    private static Entry python(String names, String tools) {
        return new Entry(Pattern.compile(names), "python", Set.of(tools.split(" ")));
    }

    /** Bundlers and frameworks: they load their own config, and through it babel, postcss and tailwind's. */
    private static final String BUNDLERS = "vite vitest webpack webpack-cli webpack-dev-server rollup next nuxt nuxi astro svelte-kit"
            + " svelte-check react-scripts parcel storybook jest";

    private static final List<Entry> ENTRIES = List.of(
            node("\\.eslintrc|eslint\\.config", "eslint next"),
            node("jest\\.config", "jest"),
            node("vitest\\.config|vitest\\.workspace", "vitest"),
            node("vite\\.config", "vite vitest astro svelte-kit"),
            node("webpack\\.config", "webpack webpack-cli webpack-dev-server"),
            node("rollup\\.config", "rollup"),
            node("next\\.config", "next"),
            node("nuxt\\.config", "nuxt nuxi"),
            node("astro\\.config", "astro"),
            node("svelte\\.config", "svelte-kit svelte-check vite"),
            node("babel\\.config|\\.babelrc", "babel " + BUNDLERS),
            node("tailwind\\.config", "tailwindcss " + BUNDLERS),
            node("postcss\\.config|\\.postcssrc", "postcss postcss-cli " + BUNDLERS),
            node("playwright\\.config|playwright-ct\\.config", "playwright"),
            node("cypress\\.config", "cypress"),
            node("karma\\.conf", "karma"),
            node("Gruntfile", "grunt"),
            node("gulpfile|gulpfile\\.babel", "gulp"),
            node("\\.mocharc", "mocha"),
            node("\\.prettierrc|prettier\\.config", "prettier"),
            node("\\.stylelintrc|stylelint\\.config", "stylelint"),
            node("commitlint\\.config|\\.commitlintrc", "commitlint"),
            node("nodemon", "nodemon"),
            python("noxfile\\.py", "nox"),
            python("fabfile\\.py", "fab"),
            python("tasks\\.py", "invoke inv"),
            python("dodo\\.py", "doit"),
            python("conf\\.py", "sphinx-build sphinx-autobuild"));

    /** Package manager verbs that run the project's scripts, which may start any of the tools above. */
    private static final Set<String> SCRIPT_VERBS = Set.of("test", "t", "tst", "start", "run", "run-script", "build", "dev", "lint");

    /** Whether file name {@code base} is a config file a tool runs as code. */
    public static boolean isCodeConfig(String base) {
        return ENTRIES.stream().anyMatch(e -> e.names().matcher(base).matches());
    }

    /** Whether {@code name} (a command's canonical name) loads one of these files. */
    public static boolean isConfigTool(String name) {
        // a loop, not a stream: asked for every command of every check, mostly interpreted
        for (Entry e : ENTRIES) {
            if (e.tools().contains(name)) {
                return true;
            }
        }
        return false;
    }

    /**
     * The tool a command line starts: its own name, the bin a package runner starts
     * ({@code npx eslint}, {@code pnpm exec jest}, {@code uv run invoke}), or "*" for a package
     * manager running the project's scripts ({@code npm test}, {@code yarn build}), which may start
     * any of them; empty when none.
     */
    public static String toolOf(String name, List<String> args) {
        String canonical = Names.canonicalCommand(name);
        String shim = WrittenFiles.binShim(canonical, args);
        if (shim != null) {
            return shim.substring(shim.lastIndexOf('/') + 1);
        }
        if (Set.of("npm", "pnpm", "yarn", "bun").contains(canonical)) {
            String verb = args.stream().filter(a -> !a.startsWith("-")).findFirst().orElse("");
            // yarn runs a script by its bare name (`yarn lint`)
            return SCRIPT_VERBS.contains(verb) || canonical.equals("yarn") && !verb.isEmpty() ? "*" : "";
        }
        return canonical;
    }

    /** The language in which {@code tool} ("*" for any) runs the written file {@code base}, or null when it does not load it. */
    static String languageRun(String tool, String base) {
        for (Entry e : ENTRIES) {
            if (e.names().matcher(base).matches() && (tool.equals("*") && e.language().equals("node") || e.tools().contains(tool))) {
                return e.language();
            }
        }
        return null;
    }
}
