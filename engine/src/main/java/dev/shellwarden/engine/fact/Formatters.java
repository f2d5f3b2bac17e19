package dev.shellwarden.engine.fact;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * Formatters and fixers that rewrite their operands in place ({@code prettier --write F},
 * {@code black DIR}, {@code gofmt -w F}, {@code terraform fmt -recursive}): the files they
 * write, for {@link Cmd#getWriteTargets}. A folder operand stands for everything below it; a
 * tool that walks the working directory when given no operand writes there. Check, diff and
 * list modes write nothing. INVARIANT: only the write conditions and value options are read
 * here; whether the tool may run at all (configuration, plugins) is the allow rules' business.
 */
final class Formatters {

    private Formatters() {
    }

    /**
     * One formatter. {@code sub}: the subcommand that formats (empty: the program itself);
     * {@code writeFlags}: options one of which must be given for it to write (empty: it writes
     * by default); {@code noWriteFlags}: options that make it only check, diff or list;
     * {@code values}: its options that take a separate value (their values are no operands);
     * {@code walksCwd}: it formats the working directory when given no operand.
     */
    private record Formatter(String sub, String writeFlags, String noWriteFlags, String values, boolean walksCwd) {
    }

    /** By program name (as {@link Cmd#getName} gives it). */
    private static final Map<String, Formatter> TABLE = Map.ofEntries(
            Map.entry("prettier", new Formatter("", "--write -w", "--check -c --list-different -l", "--config --ignore-path --plugin"
                    + " --parser --stdin-filepath --log-level --cache-location --cache-strategy --config-precedence --end-of-line"
                    + " --trailing-comma --print-width --tab-width --arrow-parens --prose-wrap --quote-props --plugin-search-dir", false)),
            Map.entry("eslint", new Formatter("", "--fix", "--fix-dry-run", "-c --config --ext --ignore-path --ignore-pattern --rulesdir"
                    + " --plugin --parser --parser-options --resolve-plugins-relative-to -f --format -o --output-file --max-warnings"
                    + " --cache-location --env --global --rule --fix-type --stdin-filename", false)),
            Map.entry("black", new Formatter("", "", "--check --diff --version", "-l --line-length -t --target-version --include --exclude"
                    + " --extend-exclude --force-exclude --stdin-filename -W --workers --config --required-version --python-cell-magics", false)),
            Map.entry("ruff", new Formatter("format", "", "--check --diff", "--config --line-length --target-version --exclude"
                    + " --extend-exclude --stdin-filename --cache-dir --range", true)),
            Map.entry("isort", new Formatter("", "", "--check-only -c --check --diff --show-files --show-config", "--settings-path --sp"
                    + " --settings-file --settings --profile -l --line-length --line-width -w --skip -s --skip-glob --sg --src -p --project"
                    + " -j --jobs -m --multi-line --filename", false)),
            Map.entry("autopep8", new Formatter("", "-i --in-place", "-d --diff", "--select --ignore --max-line-length -j --jobs --exclude"
                    + " --global-config --line-range --range --indent-size -p --pep8-passes", false)),
            Map.entry("yapf", new Formatter("", "-i --in-place", "-d --diff", "--style -l --lines -e --exclude", false)),
            Map.entry("gofmt", new Formatter("", "-w", "", "-r", false)),
            Map.entry("goimports", new Formatter("", "-w", "", "-local -srcdir", false)),
            Map.entry("gofumpt", new Formatter("", "-w", "", "-lang -modpath", false)),
            Map.entry("rustfmt", new Formatter("", "", "--check --print-config", "--edition --config-path --config --emit --color", false)),
            Map.entry("clang-format", new Formatter("", "-i", "--dry-run -n", "--style -style --assume-filename --lines --offset --length"
                    + " --fallback-style --files", false)),
            Map.entry("shfmt", new Formatter("", "-w --write", "-l --list -d --diff", "-i --indent -ln --language-dialect", false)),
            Map.entry("terraform", new Formatter("fmt", "", "-check -write=false", "", true)),
            Map.entry("tofu", new Formatter("fmt", "", "-check -write=false", "", true)),
            Map.entry("php-cs-fixer", new Formatter("fix", "", "--dry-run", "--config --rules --cache-file --format --path-mode", true)),
            Map.entry("stylua", new Formatter("", "", "--check -c", "--config-path -f --glob -g --num-threads --indent-type"
                    + " --indent-width --column-width --quote-style", false)),
            Map.entry("yamlfmt", new Formatter("", "", "-lint -dry", "-conf -exclude", true)),
            Map.entry("taplo", new Formatter("fmt", "", "--check", "-o --option --config -c", true)),
            Map.entry("nixfmt", new Formatter("", "", "--check -c", "-w --width", false)),
            Map.entry("swiftformat", new Formatter("", "", "--lint --dryrun", "--config --swiftversion --rules --disable --enable --exclude", false)),
            Map.entry("buildifier", new Formatter("", "", "-mode=check --mode=check -mode=diff --mode=diff", "-mode --mode -lint --lint", false)),
            Map.entry("cmake-format", new Formatter("", "-i --in-place", "--check", "-c --config-files -o --outfile-path", false)),
            Map.entry("sqlfluff", new Formatter("fix format", "", "", "--dialect --templater --rules --exclude-rules --config", false)),
            Map.entry("ktlint", new Formatter("", "-F --format", "", "--reporter --editorconfig --baseline", false)),
            Map.entry("rubocop", new Formatter("", "-a -A --autocorrect --autocorrect-all -x --fix-layout", "", "-c --config -f --format"
                    + " -o --out --only --except -r --require", false)),
            Map.entry("stylelint", new Formatter("", "--fix", "", "-c --config --config-basedir --ignore-path -f --formatter -o --output-file", false)),
            Map.entry("standard", new Formatter("", "--fix", "", "--env --global --plugin --parser", false)),
            Map.entry("biome", new Formatter("format check lint", "--write --apply --apply-unsafe --fix", "", "--config-path", true)),
            Map.entry("dprint", new Formatter("fmt", "", "", "-c --config --excludes", true)),
            Map.entry("deno", new Formatter("fmt", "", "--check", "--config -c --ext --indent-width --line-width", true)),
            Map.entry("dart", new Formatter("format", "", "--output=none --set-exit-if-changed", "-o --output -l --line-length", true)),
            Map.entry("mix", new Formatter("format", "", "--check-formatted --dry-run", "--dot-formatter", true)),
            Map.entry("zig", new Formatter("fmt", "", "--check --stdin", "--exclude", false)));

    /** The files {@code c} rewrites when it is a formatter or fixer in a writing mode; empty otherwise. */
    static List<String> targets(Cmd c) {
        if (c.getName().equals("cargo") && c.sub("fmt")) {
            return cargoFmtTargets(c);
        }
        Formatter f = TABLE.get(c.getName());
        if (f == null || !f.sub().isEmpty() && !c.sub(f.sub())
                || !f.writeFlags().isEmpty() && !c.anyFlag(f.writeFlags()) || !f.noWriteFlags().isEmpty() && c.anyFlag(f.noWriteFlags())
                || c.anyFlag("--help -h --version -V")) {
            return List.of();
        }
        List<String> ops = c.positionals(f.values());
        if (!f.sub().isEmpty() && !ops.isEmpty()) {
            ops = ops.subList(1, ops.size());
        }
        List<String> out = new ArrayList<>();
        for (String o : ops) {
            if (o.equals("-")) {
                continue; // standard input to standard output
            }
            // a folder stands for everything below it (`black ~`, `prettier --write ~/.config/`)
            boolean folder = o.endsWith("/") || o.equals(".") || o.equals("..") || o.equals("~") || o.equals("/");
            out.add(folder ? PathFacts.asFolder(o) : o);
        }
        if (ops.isEmpty() && f.walksCwd()) {
            out.add("./");
        }
        return out;
    }

    /**
     * The files {@code cargo fmt -- FILE…} hands rustfmt to rewrite besides the crate's own
     * ({@code cargo fmt -- ~/other/src/lib.rs}): the words after {@code --} that are no rustfmt
     * option or option value; none with {@code --check}. The crate's own files are the project's.
     */
    private static List<String> cargoFmtTargets(Cmd c) {
        List<String> args = c.getArgs();
        int dashes = args.indexOf("--");
        List<String> out = new ArrayList<>();
        if (dashes < 0 || args.subList(dashes + 1, args.size()).contains("--check")) {
            return out;
        }
        java.util.Set<String> values = Words.setOf(TABLE.get("rustfmt").values());
        for (int i = dashes + 1; i < args.size(); i++) {
            String a = args.get(i);
            if (values.contains(a)) {
                i++;
            } else if (!a.startsWith("-")) {
                out.add(a);
            }
        }
        return out;
    }
}
