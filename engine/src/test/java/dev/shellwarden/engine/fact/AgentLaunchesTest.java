package dev.shellwarden.engine.fact;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;
import java.util.Set;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** The readings behind SW8011's client table: package words and tool allow-lists. */
class AgentLaunchesTest {

    @ParameterizedTest(name = "{0}")
    @CsvSource(delimiter = '|', value = {
        "@anthropic-ai/claude-code                           | @anthropic-ai/claude-code",
        "@anthropic-ai/claude-code@latest                    | @anthropic-ai/claude-code",
        "opencode-ai@0.5.1                                   | opencode-ai",
        "node_modules/.bin/claude                            | claude",
        "./node_modules/@anthropic-ai/claude-code/cli.js     | @anthropic-ai/claude-code",
        "/srv/app/node_modules/opencode-ai/bin/opencode      | opencode-ai",
        "claude                                              | claude",
    })
    void namesThePackageAProgramWordRuns(String word, String expected) {
        assertEquals(expected, AgentLaunches.packageKey(word));
    }

    @ParameterizedTest(name = "{0}")
    @CsvSource(delimiter = '|', value = {
        "Read,Edit,Bash         | Read;Edit;Bash",
        "Bash(git status) Read  | Bash(git status);Read",
        "'shell(rm)'            | 'shell(rm)'",
    })
    void splitsAllowListsOutsideParentheses(String value, String expected) {
        assertEquals(List.of(expected.split(";")), AgentLaunches.toolSpecs(value));
    }

    /** Each row: a tool specification and whether it pre-approves every shell command. */
    @ParameterizedTest(name = "{0} -> {1}")
    @CsvSource(delimiter = '|', value = {
        "Bash                 | true",
        "bash                 | true",
        "Bash(*)              | true",
        "Bash(:*)             | true",
        "Bash(bash:*)         | true",
        "Bash(python3 -c:*)   | true",
        "Bash(rm:*)           | true",
        "Bash(/usr/bin/env:*) | true",
        "*                    | true",
        "Bash(git status)     | false",
        "Bash(npm test:*)     | false",
        "Read                 | false",
        "Edit(src/**)         | false",
    })
    void judgesAGrantByWhatTheAllowedProgramCanDo(String spec, boolean broad) {
        assertEquals(broad, AgentLaunches.broadShellGrant(spec, Set.of("Bash")));
    }
}
