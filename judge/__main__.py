from judge.cli import main

main(prog_name="berserk")
