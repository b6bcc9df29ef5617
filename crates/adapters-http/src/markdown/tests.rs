use super::*;

#[test]
fn smoke() {
    for source in [
        "Price --excl. **VAT**-- today",
        "From 2019--2020 and a -- b -- c",
        "Press [[Ctrl]] + [[K]] and \\[\\[not]]",
        "{error: <b>bold</b> & more} {info: x} {success:}",
        "::: warning\nCareful\n:::\n",
        "```ts\nconst a = 1 < 2;\n```\n",
        "- [x] done\n- [ ] todo\n",
        "Claim[^1]\n\n[^1]: Source\n",
        "[site](https://example.com) [in](#x) <a href=\"/s\" target=\"_self\">ours</a>",
        "![d](/images/d.webp)",
        "| a | b |\n|---|--:|\n| 1 | 2 |\n",
        "--[[a]]--",
    ] {
        println!("{source:?}\n=> {}", render(source));
    }
    println!("{}", render_inline("**Web** Development"));
}
