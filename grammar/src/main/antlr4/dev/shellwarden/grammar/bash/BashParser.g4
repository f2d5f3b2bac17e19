// The structure of bash / POSIX sh that decides which simple commands run (after POSIX XCU 2.10):
// lists, and-or chains, pipelines, compound commands, functions, simple commands and their
// redirections. Words arrive whole from BashLexerBase (quotes, `$( )`, `${ }`, backticks and
// process substitutions inside them); the splitter re-parses the inside of each substitution.
// No semantic predicates: the grammar is SLL-friendly, every decision is made on token types.
parser grammar BashParser;

options { tokenVocab = BashLexer; }

program       : linebreak list? EOF ;
list          : andOr (separator andOr)* separator? ;
compoundList  : linebreak list ;
separator     : (SEMI | AMP) NEWLINE* | NEWLINE+ ;
// NEWLINE* is written inline where it is hit per command, to save a context object each time.
linebreak     : NEWLINE* ;

andOr         : pipeline (andOrOp NEWLINE* pipeline)* ;
andOrOp       : AND_IF | OR_IF ;
// bash's timespec: `time`, `time -p`, `time --`, `time -p --` (TIME_OPT only for those two words);
// `time` may stand alone (it times nothing). `time !`, `! !` and a bare `!` are left out: bash
// versions disagree on them (mvdan/sh records them as errors), so they stay syntax errors.
pipeline      : BANG? (TIME TIME_OPT*)? command (pipeOp NEWLINE* command)*
              | TIME TIME_OPT*
              ;
pipeOp        : PIPE | PIPE_AMP ;

command       : simpleCommand
              | compoundCommand redirect*
              | functionDef
              | coprocCommand
              ;

// `coproc NAME compound`, `coproc compound`, `coproc simple command` (a NAME only before a
// compound command: the lexer keeps the command position for one word after `coproc`).
coprocCommand : COPROC (WORD? compoundCommand redirect* | simpleCommand) ;

compoundCommand
              : braceGroup
              | subshell
              | ifClause
              | whileClause
              | untilClause
              | forClause
              | selectClause
              | caseClause
              | condCommand
              | arithCommand
              ;

braceGroup    : LBRACE compoundList RBRACE ;
subshell      : LPAREN compoundList RPAREN ;
ifClause      : IF compoundList THEN compoundList elifPart* elsePart? FI ;
elifPart      : ELIF compoundList THEN compoundList ;
elsePart      : ELSE compoundList ;
whileClause   : WHILE compoundList doGroup ;
untilClause   : UNTIL compoundList doGroup ;
forClause     : FOR WORD (separator? | linebreak IN WORD* separator) doGroup
              | FOR ARITH_CMD separator? doGroup
              ;
selectClause  : SELECT WORD (separator? | linebreak IN WORD* separator) doGroup ;
doGroup       : DO compoundList DONE | braceGroup ;
caseClause    : CASE WORD linebreak IN linebreak (caseItem caseEnd)* caseItem? ESAC ;
caseItem      : LPAREN? WORD (PIPE WORD)* RPAREN (compoundList | linebreak) ;
caseEnd       : (DSEMI | SEMI_AND | DSEMI_AND) linebreak ;
condCommand   : DBRACK_OPEN condItem* DBRACK_CLOSE ;
condItem      : WORD | IO_NUMBER | LESS | GREAT | AND_IF | OR_IF | LPAREN | RPAREN | PIPE | NEWLINE | SEMI ;
arithCommand  : ARITH_CMD ;

functionDef   : FUNCTION WORD (LPAREN RPAREN)? linebreak functionBody
              | WORD LPAREN RPAREN linebreak functionBody
              ;
functionBody  : compoundCommand redirect* ;

simpleCommand : (WORD | redirect)+ ;
redirect      : IO_NUMBER? redirectOp WORD ;
redirectOp    : GREAT | DGREAT | CLOBBER | LESS | LESSGREAT | GREATAND | LESSAND
              | AMP_GREAT | AMP_DGREAT | DLESS | DLESSDASH | TLESS ;
