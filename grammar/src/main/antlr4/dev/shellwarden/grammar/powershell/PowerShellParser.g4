// Structure of PowerShell text for the splitter: statement lists, PS 7 pipeline chains
// (`&&`, `||`), pipelines and command elements, with every bracketed group (`( )`, `$( )`, `@( )`,
// `@{ }`, script blocks `{ }`) parsed as a nested statement list.
//
// Deliberately coarse: keywords (`if`, `foreach`, `function`, `try`…), assignments and the
// argument-mode / expression-mode distinction are recognised by the splitter from the elements of
// a command, not here; what this grammar enforces is lexical validity, balanced groups and
// well-formed lists and pipelines (no empty pipeline element, no dangling operator). Any error is
// a syntax error for the whole text: the splitter never uses a repaired tree.
parser grammar PowerShellParser;

options { tokenVocab = PowerShellLexer; }

script      : block EOF ;

// A statement list. A statement ends at `;`, a newline, or `&` (run in the background).
block       : separator* ( statement ( terminator statement )* terminator? )? ;
terminator  : ( separator | AMP ) separator* ;
separator   : NEWLINE | SEMI ;

statement   : pipeline ( chainOp NEWLINE* pipeline )* ;
chainOp     : AND_AND | OR_OR ;

pipeline    : command ( PIPE NEWLINE* command )* ;

// `& name args` and `. name args` invoke; otherwise the first element decides the mode.
// `$x = & name args` invokes on the right of an assignment.
command     : AMP? element+ ;

element     : WORD | VARIABLE | SPLAT | DOLLAR
            | SQ_STRING | DQ_STRING | HERE_SQ | HERE_DQ
            | COMMA NEWLINE* | ASSIGN NEWLINE* AMP? | REDIRECT | STOP_PARSING
            | group ;

group       : LPAREN block RPAREN            # paren
            | SUBEXPR_OPEN block RPAREN      # subexpression
            | ARRAY_OPEN block RPAREN        # arrayExpression
            | HASH_OPEN block RBRACE         # hashLiteral
            | LBRACE block RBRACE            # scriptBlock
            ;
