package dev.shellwarden.engine.fact;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.shellwarden.grammar.Segment;
import dev.shellwarden.grammar.Shell;
import dev.shellwarden.grammar.Splitter;
import java.util.List;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** Which date substitutions in a path are rendered as a name, and which stay computed. */
class DateStampsTest {

    @ParameterizedTest(name = "{0}")
    @CsvSource(delimiter = '|', quoteCharacter = '^', value = {
        "backup-$(date +%F).tar.gz          | backup-2026-12-06.tar.gz",
        "app.db.$(date +%Y%m%d%H%M%S)       | app.db.20261206090507",
        "b-$(date -u +%s).log               | b-1796547907.log",
        "n-`date '+%d%m%Y'`.md              | n-06122026.md",
        "`date '+%d%m%Y'_archive.tar`       | 06122026_archive.tar",
        "t-$(date +%F_%H-%M).log            | t-2026-12-06_09-05.log",
        "$(date +..)/src                    | ../src",
        "x$(date +)                         | x",
        "$(date +%D).txt                    | $(date +%D).txt",
        "$(date +%e).tar                    | $(date +%e).tar",
        "$(date +%_d).tar                   | $(date +%_d).tar",
        "$(date -d \"$W\" +%F).tar          | $(date -d \"$W\" +%F).tar",
        "$(date +%F; id).tar                | $(date +%F; id).tar",
        "$(date +%F) $(date +%b)            | 2026-12-06 $(date +%b)",
        "$(date '+%F %T').log               | $(date '+%F %T').log",
        "$(date +a/b).log                   | $(date +a/b).log",
    })
    void rendersOnlyNumericStamps(String path, String expected) {
        assertEquals(expected, DateStamps.render(path));
    }

    /** Text that may make date another program keeps every stamp computed (rt31). */
    @ParameterizedTest(name = "{0}")
    @CsvSource(delimiter = '|', quoteCharacter = '^', value = {
        "date() { echo ~; }; rm -rf $(date +%F)                 | true",
        "function date { echo x; }; rm -f $(date +%F)           | true",
        "alias date='echo /'; rm -rf $(date +%F)                | true",
        "PATH=./bin:$PATH; rm -rf $(date +%F)                   | true",
        "export PATH=.:$PATH && rm -rf $(date +%F)              | true",
        "source env.sh && rm -rf $(date +%F)                    | true",
        "rm -f build/log-$(date +%F).txt                        | false",
        "echo $PATH; rm -f build/log-$(date +%F).txt            | false",
        "tar czf backup-$(date +%F).tar.gz src                  | false",
        // a sourced file, in every spelling the splitter reads (dups32)
        ". ./env.sh; rm -rf $(date +%F)                         | true",
        "case x in x) . ./env.sh;; esac; rm -rf $(date +%F)     | true",
        "</dev/null . ./env.sh; rm -rf $(date +%F)              | true",
        "{ . ./env.sh; }; rm -rf $(date +%F)                    | true",
        "sh -c '. ./env.sh'; rm -rf $(date +%F)                 | true",
        "command . ./env.sh; rm -rf $(date +%F)                 | true",
        "'.' ./env.sh; rm -rf $(date +%F)                       | true",
        "$s ./env.sh; rm -rf $(date +%F)                        | true",
        // a dot that names a folder
        "^find . -name '*.log' | tar -czf l-$(date +%F).tgz -T -^ | false",
        "cd . && tar -czf b-$(date +%F).tgz src                 | false",
        "tar -czf b-$(date +%F).tgz . --exclude=.git            | false",
        "echo source notes > n-$(date +%F).txt                  | false",
        // rt32b: the hash table as an array, PATH named by a builtin, quoting, start-up files, IFS
        "BASH_CMDS[date]=./x; rm -rf b-$(date +%F)              | true",
        "for PATH in ./bin; do rm -rf b-$(date +%F); done       | true",
        "read -r PATH < p.txt; rm -rf b-$(date +%F)             | true",
        "^export PA''TH=./bin; rm -rf b-$(date +%F)^            | true",
        "bash --rcfile ./rc -ic 'rm -rf b-$(date +%F)'          | true",
        "IFS=_; rm -rf $(date +build_/)                         | true",
        "echo ${PATH} $IFS; rm -f build/log-$(date +%F).txt     | false",
    })
    void seesARedefinedDate(String raw, boolean expected) {
        List<Segment> segments = Splitter.forShell(Shell.BASH).split(raw).segments();
        assertEquals(expected, DateStamps.mayBeRedefined(raw, DateStamps.sourcesCode(segments, "bash", raw)));
    }

    /** PowerShell's splitter drops the dot of dot-sourcing: the text is read, a folder's dot too (fail closed). */
    @ParameterizedTest(name = "{0}")
    @CsvSource(delimiter = '|', quoteCharacter = '^', value = {
        ". ./env.ps1; Remove-Item -Recurse b-$(date +%F)        | true",
        "Get-ChildItem . > l-$(date +%F).txt                    | true",
        "Get-ChildItem src > l-$(date +%F).txt                  | false",
    })
    void readsPowerShellTextForDotSourcing(String raw, boolean expected) {
        List<Segment> segments = Splitter.forShell(Shell.POWERSHELL).split(raw).segments();
        assertEquals(expected, DateStamps.sourcesCode(segments, "powershell", raw));
    }
}
