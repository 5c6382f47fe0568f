"""A second, larger English dev set for key-fact extraction: 200 hand-labelled messages, ALL dev.

Why: the English part of facts_labelled.LABELLED has only ~35 dev messages, too few to tune
precision on. This list adds 200 English messages that are used for tuning only; they are never
part of the test split (facts_labelled.split_of and LABELLED are unchanged, so the test figures stay
comparable). bench/generalize.py's facts_score reports them as split "dev2".

Written WITHOUT reading the memory's extractor code (nothing under edge_agent/ was opened): the
labels follow what a pinned key-fact table of a customer-service / assistant agent should hold, not
what any extractor happens to find.

Each entry is (message, expected facts), a fact being (category, value); categories as in
facts_labelled.py: name, phone, email, id_card, bank_card, ref, datetime, amount, count, product,
address, decision. The conventions of facts_labelled.py's docstring are followed:
- values are verbatim substrings and the WHOLE value (a product with its model, storage and colour;
  an address with its unit number and postcode; a date with its time; a phone with its "+44" or
  extension), and the key word ("order", "phone", "tracking", "IBAN") is not part of the value;
- counts are the number with the noun after it ("4 tickets", "2 adults"); a bare number when no
  noun follows ("table for 5" -> "5", "only 2 of the 6 chairs" -> "2" and "6 chairs");
- a decision is the chosen option as written ("the refund", "store credit", "option 2"), never the
  rejected one;
- corrections/updates: only the corrected (new) value is a fact ("646-555-0102, not 646-555-0120",
  "3 tickets not 4", "from the 14th to the 16th" -> "the 16th");
- a transactional relative date is a fact, as in facts_labelled ("bought ... last week"): "raised
  the ticket last Tuesday", "flying tomorrow"; vague time words are not ("one of these days",
  "since Monday" in a rant, "in days").
Decisions made for this set (consistent with facts_labelled's examples, where the table is for
customer-service / assistant identifiers and commitments):
- numbers that are not identifiers or commitments carry no fact: how often or how long ("three
  times", "on hold for 20 minutes", "twice", "after 2 months"), years in anecdotes ("back in 2019"),
  versions ("iOS 17", "Windows 11"), percentages and ratings in opinions ("90%", "1 star", "10/10"),
  hypothetical amounts ("even if it cost $5", "I'd have paid a hundred quid"), menu/step/page numbers
  ("option 3 in the phone menu", "step 2", "page 3"), idioms and names of things ("catch-22",
  "Room 101", "the 49ers", "24/7"), error codes, a card's expiry date, battery levels;
- questions to the agent about policies ("30 days or something?") and pleasantries carry no fact;
- in the multi-session friends chat, personal-life talk is NOT a fact for this table: past events
  ("I ran a charity 5K last Saturday"), pets and their names ("a beagle named Otis"), family news
  and names of people in anecdotes, vague plans ("off to Croatia in August"). What IS a fact there
  is what would be in it for a customer or an assistant user too: contact details given ("new
  number btw, ...") and a concrete arrangement made with the other person ("brunch Sunday at 11").
About 40% of the messages have no facts.
"""

from __future__ import annotations

LABELLED_EN_DEV2: list[tuple[str, list[tuple[str, str]]]] = [
    # ---- name -----------------------------------------------------------------------------------
    ("hey its priya raman, can u check where my parcel is", [("name", "priya raman")]),
    ("The account's under my husband's name, Tomás Herrera.", [("name", "Tomás Herrera")]),
    ("This is Kevin O'Sullivan, calling about a charge on my bill.", [("name", "Kevin O'Sullivan")]),
    ("My full name is Nguyen Thi Lan, Lan is my given name.", [("name", "Nguyen Thi Lan")]),
    ("you can put the reservation under Beth - table for 4, 8pm tonight",
     [("name", "Beth"), ("count", "4"), ("datetime", "8pm tonight")]),
    ("it's in my wife's name - Rosalind Achebe-Ward", [("name", "Rosalind Achebe-Ward")]),
    ("surname's Kowalczyk, K-O-W-A-L-C-Z-Y-K", [("name", "Kowalczyk")]),
    ("I go by Max but the account says Maximilian Braun.", [("name", "Max"), ("name", "Maximilian Braun")]),
    ("Name for the delivery is Chloe Dubois, phone 0412 345 678",
     [("name", "Chloe Dubois"), ("phone", "0412 345 678")]),
    ("Hi, Jordan Lee here. Order 7781-33 was a Bose QuietComfort Ultra in White Smoke and it came without the case.",
     [("name", "Jordan Lee"), ("ref", "7781-33"), ("product", "Bose QuietComfort Ultra in White Smoke")]),
    # ---- phone ----------------------------------------------------------------------------------
    ("you can reach me on 07700 900456 if anything changes", [("phone", "07700 900456")]),
    ("my cell's (312) 555-0199", [("phone", "(312) 555-0199")]),
    ("Best number is +1 (555) 010-4477, texts are fine.", [("phone", "+1 (555) 010-4477")]),
    ("ph: 604.555.0143", [("phone", "604.555.0143")]),
    ("My number changed, the new one is +61 2 9876 5432.", [("phone", "+61 2 9876 5432")]),
    ("sorry, wrong number - it's 646-555-0102, not 646-555-0120", [("phone", "646-555-0102")]),
    ("Home phone 020 7946 0958, mobile +44 7911 123456.",
     [("phone", "020 7946 0958"), ("phone", "+44 7911 123456")]),
    ("my numbr is 9175550123 pls call anytime", [("phone", "9175550123")]),
    ("Phone number: 1-800-555-0199 ext. 4402", [("phone", "1-800-555-0199 ext. 4402")]),
    ("new number btw, 07700 900321 - old phone died", [("phone", "07700 900321")]),
    # ---- email ----------------------------------------------------------------------------------
    ("send the confirmation to maria.k+orders@gmail.com please", [("email", "maria.k+orders@gmail.com")]),
    ("My email's j.doe@mail.company.co.uk", [("email", "j.doe@mail.company.co.uk")]),
    ("email: SAM_LEE77@Hotmail.com", [("email", "SAM_LEE77@Hotmail.com")]),
    ("Could you cc my partner on alex.fontaine@chem.ox.ac.uk?", [("email", "alex.fontaine@chem.ox.ac.uk")]),
    ("i typed it wrong, it's dan.w@outlok.com - no wait, dan.w@outlook.com", [("email", "dan.w@outlook.com")]),
    ("Use the work one please: r.patel@finance.acme-corp.com", [("email", "r.patel@finance.acme-corp.com")]),
    ("ping me at kenji.tanaka at yahoo dot com", [("email", "kenji.tanaka at yahoo dot com")]),
    ("my bad, the email is kim.h@gmx.de, not .com", [("email", "kim.h@gmx.de")]),
    ("Email is tom.baker+amazon@fastmail.fm and the order came to £62.40.",
     [("email", "tom.baker+amazon@fastmail.fm"), ("amount", "£62.40")]),
    # ---- id_card --------------------------------------------------------------------------------
    ("My passport no. is 533380006 if you need it for the booking.", [("id_card", "533380006")]),
    ("last 4 of my SSN are 6789", [("id_card", "6789")]),
    ("driving licence number MORGA753116SM9IJ", [("id_card", "MORGA753116SM9IJ")]),
    ("NI number is QQ 12 34 56 C", [("id_card", "QQ 12 34 56 C")]),
    ("For the credit check, my SIN is 046 454 286.", [("id_card", "046 454 286")]),
    ("national ID: 7501015800084", [("id_card", "7501015800084")]),
    ("My driver's license # is S530-4609-8234, Illinois.", [("id_card", "S530-4609-8234")]),
    ("medicare number 2123 45670 1", [("id_card", "2123 45670 1")]),
    ("the aadhaar ending 0123 is linked to this account", [("id_card", "0123")]),
    # ---- bank_card ------------------------------------------------------------------------------
    ("The card ending 0019 was declined but you still took the money.", [("bank_card", "0019")]),
    ("it's the visa that ends in 7723", [("bank_card", "7723")]),
    ("Refund to my Mastercard 5555 5555 5555 4444 please", [("bank_card", "5555 5555 5555 4444")]),
    ("IBAN: GB29 NWBK 6016 1331 9268 19", [("bank_card", "GB29 NWBK 6016 1331 9268 19")]),
    ("account number 55779911, sort code 20-00-00", [("bank_card", "55779911"), ("bank_card", "20-00-00")]),
    ("amex ending -1005", [("bank_card", "1005")]),
    ("i paid with my debit card, last four 3141", [("bank_card", "3141")]),
    ("card number 4111-1111-1111-1111 exp 09/27", [("bank_card", "4111-1111-1111-1111")]),
    # ---- ref ------------------------------------------------------------------------------------
    ("order #A-48213 never showed up", [("ref", "A-48213")]),
    ("booking ref is HK4Z9M, can I add a bag?", [("ref", "HK4Z9M")]),
    ("I raised ticket INC0012345 last Tuesday and nobody's touched it",
     [("ref", "INC0012345"), ("datetime", "last Tuesday")]),
    ("USPS tracking 9400 1000 0000 0000 0000 00 hasn't updated in days", [("ref", "9400 1000 0000 0000 0000 00")]),
    ("my confirmation code is 8XJ-4QR", [("ref", "8XJ-4QR")]),
    ("Order no. 112-7654321-9876543, the charger is missing from the box.", [("ref", "112-7654321-9876543")]),
    ("RMA number RMA-2024-0815 - do I print the label myself?", [("ref", "RMA-2024-0815")]),
    ("I'm on flight UA 921 tomorrow, can I still change seats?", [("ref", "UA 921"), ("datetime", "tomorrow")]),
    ("contract number: LEASE/22/0417", [("ref", "LEASE/22/0417")]),
    ("royal mail tracking AB123456789GB says delivered, it wasn't", [("ref", "AB123456789GB")]),
    ("Policy number POL 7782 1190, I need to make a claim.", [("ref", "POL 7782 1190")]),
    ("no wait, the order is #55120 not #55210", [("ref", "55120")]),
    ("Could you move my booking HK22LM from the 14th to the 16th?", [("ref", "HK22LM"), ("datetime", "the 16th")]),
    # ---- datetime -------------------------------------------------------------------------------
    ("Can the engineer come on the 3rd?", [("datetime", "the 3rd")]),
    ("Tue 14 May at 3pm works for me.", [("datetime", "Tue 14 May at 3pm")]),
    ("next Thursday morning would be ideal", [("datetime", "next Thursday morning")]),
    ("I'm free on 05/06, whichever way you read that lol", [("datetime", "05/06")]),
    ("actually make that the 5th", [("datetime", "the 5th")]),
    ("Delivery tomorrow between 8 and 12 is fine.", [("datetime", "tomorrow between 8 and 12")]),
    ("check-in 2024-11-30, check-out 2024-12-02", [("datetime", "2024-11-30"), ("datetime", "2024-12-02")]),
    ("only after 6:30pm on weekdays, I work days", [("datetime", "after 6:30pm on weekdays")]),
    ("I need it sorted by end of day Friday.", [("datetime", "by end of day Friday")]),
    ("remind me to call the dentist first thing Monday", [("datetime", "first thing Monday")]),
    ("Appointment confirmed for December 3rd, 10:15 a.m.", [("datetime", "December 3rd, 10:15 a.m")]),
    ("pickup at 0800 on the 9th", [("datetime", "0800 on the 9th")]),
    ("so brunch Sunday at 11, same place as last time?", [("datetime", "Sunday at 11")]),
    # ---- amount ---------------------------------------------------------------------------------
    ("It was $1,299.99 and the screen is already cracked.", [("amount", "$1,299.99")]),
    ("They charged me £40 for a 'call-out fee'.", [("amount", "£40")]),
    ("it's like 40 bucks, not worth the hassle but still", [("amount", "40 bucks")]),
    ("The fee shown was EUR 12.50 but I paid more.", [("amount", "EUR 12.50")]),
    ("you charged me 89.95 twice", [("amount", "89.95")]),
    ("Paid AU$59 for express and it came a week late.", [("amount", "AU$59")]),
    ("They took three hundred dollars out of my account!", [("amount", "three hundred dollars")]),
    ("Wire of US$ 4,500.00 sent on 2 April, reference TRX-99812.",
     [("amount", "US$ 4,500.00"), ("datetime", "2 April"), ("ref", "TRX-99812")]),
    ("Parking was €7,50 at the airport, can I expense it?", [("amount", "€7,50")]),
    ("Order total ₹2,499 but the app shows ₹2,999", [("amount", "₹2,499"), ("amount", "₹2,999")]),
    # ---- count ----------------------------------------------------------------------------------
    ("We're 2 adults and 3 kids, so we'll need two rooms.",
     [("count", "2 adults"), ("count", "3 kids"), ("count", "two rooms")]),
    ("Can I get 4 tickets for the matinee on Saturday?", [("count", "4 tickets"), ("datetime", "Saturday")]),
    ("Need 10 units of the 2m cable for the office.", [("count", "10 units")]),
    ("only 2 of the 6 chairs came", [("count", "2"), ("count", "6 chairs")]),
    ("scratch that, 3 tickets not 4", [("count", "3 tickets")]),
    ("We need 2 licences for now.", [("count", "2 licences")]),
    ("book 5 nights please, arriving the 12th", [("count", "5 nights"), ("datetime", "the 12th")]),
    ("Add six bagels to the grocery order", [("count", "six bagels")]),
    ("Book a table for 4 at Dishoom, 7:30 tomorrow", [("count", "4"), ("datetime", "7:30 tomorrow")]),
    # ---- product --------------------------------------------------------------------------------
    ("My Galaxy S24 Ultra 512GB Titanium Gray won't charge past 80%",
     [("product", "Galaxy S24 Ultra 512GB Titanium Gray")]),
    ("It's a MacBook Air M3 15-inch 16GB/512GB Midnight, bought from you in January.",
     [("product", "MacBook Air M3 15-inch 16GB/512GB Midnight"), ("datetime", "January")]),
    ("the Sony WH-1000XM5 Black headphones have a rattle in the left cup", [("product", "Sony WH-1000XM5 Black")]),
    ("got a pixel 8 pro 128gb obsidian and the fingerprint sensor is trash", [("product", "pixel 8 pro 128gb obsidian")]),
    ("I'm on the Unlimited Plus plan and still getting throttled.", [("product", "Unlimited Plus plan")]),
    ("the KitchenAid Artisan 5KSM175 in Empire Red arrived with a dent",
     [("product", "KitchenAid Artisan 5KSM175 in Empire Red")]),
    ("Nintendo Switch OLED (white), joy-con drift after 2 months", [("product", "Nintendo Switch OLED (white)")]),
    ("Nike Pegasus 40, size 10.5, blue - can I swap for an 11?", [("product", "Nike Pegasus 40, size 10.5, blue")]),
    ("I ordered an Instant Pot Duo 7-in-1 6qt and got the 3qt one", [("product", "Instant Pot Duo 7-in-1 6qt")]),
    ("Can you check stock of the iPhone 15 128GB Pink at your Leeds store?", [("product", "iPhone 15 128GB Pink")]),
    # ---- address --------------------------------------------------------------------------------
    ("Flat 3, 17 Kingsley Road, Bristol BS7 8AA - that's the delivery address",
     [("address", "Flat 3, 17 Kingsley Road, Bristol BS7 8AA")]),
    ("Ship to 4521 W Elm St Apt 2C, Chicago, IL 60625", [("address", "4521 W Elm St Apt 2C, Chicago, IL 60625")]),
    ("new address is Unit 1204 - 88 Harbour St, Toronto, ON M5J 0B1",
     [("address", "Unit 1204 - 88 Harbour St, Toronto, ON M5J 0B1")]),
    ("im at 12/45 smith street fitzroy vic 3065", [("address", "12/45 smith street fitzroy vic 3065")]),
    ("Could you send it to 9 rue des Lilas, 75011 Paris? I'm there till summer.",
     [("address", "9 rue des Lilas, 75011 Paris")]),
    ("Mailing address: PO Box 2231, Anchorage, AK 99510", [("address", "PO Box 2231, Anchorage, AK 99510")]),
    ("Apartment 5B, 310 East 76th Street, New York, NY 10021 - buzzer's broken, just call",
     [("address", "Apartment 5B, 310 East 76th Street, New York, NY 10021")]),
    ("correction: the postcode is SW1A 1AA, not SW1A 2AA", [("address", "SW1A 1AA")]),
    ("Deliver to 27 Wattle Cres, Mosman NSW 2088, leave it by the side gate.",
     [("address", "27 Wattle Cres, Mosman NSW 2088")]),
    # ---- decision -------------------------------------------------------------------------------
    ("ok let's go with the refund", [("decision", "the refund")]),
    ("I'll take the replacement, thanks", [("decision", "the replacement")]),
    ("store credit is fine, do that", [("decision", "store credit")]),
    ("I'd prefer the exchange, not a refund.", [("decision", "the exchange")]),
    ("Go ahead and cancel the subscription.", [("decision", "cancel the subscription")]),
    ("We'll pick it up in store instead of delivery.", [("decision", "pick it up in store")]),
    ("option 2 sounds better, let's do that", [("decision", "option 2")]),
    ("Keep the order, don't cancel it.", [("decision", "Keep the order")]),
    ("Express shipping, please, I need it by Friday.", [("decision", "Express shipping"), ("datetime", "by Friday")]),
    ("fine, go with the 12-month contract", [("decision", "the 12-month contract")]),
    # ---- no facts: hard negatives (numbers, dates, versions, idioms that are not facts) ----------
    ("I've told you three times already, the app keeps crashing.", []),
    ("One of these days I'm switching providers, honestly.", []),
    ("24/7 support my foot, nobody's replied since Monday.", []),
    ("I was on hold for like 20 minutes lol", []),
    ("Back in 2019 we had the same problem with your old router.", []),
    ("Just my 2 cents, but the new layout is worse.", []),
    ("It's a total catch-22: I can't log in without the code and I can't get the code without logging in.", []),
    ("sorry, distracted, the 49ers won and my brother won't shut up about it", []),
    ("Page 3 of the manual says to hold the button for ten seconds, which I did.", []),
    ("This hold music is giving Room 101 vibes.", []),
    ("Ever since iOS 17 the app logs me out every single day.", []),
    ("Like 90% of your reviews say the exact same thing.", []),
    ("Even if it cost $5 I wouldn't buy it again.", []),
    ("I'm 100% sure I turned it off and on again.", []),
    ("pretty sure the Windows 11 update broke it", []),
    ("I've been a customer for like 10 years and never had this.", []),
    ("It's 2am here so forgive the typos.", []),
    ("give me 5 mins, I'm driving", []),
    ("I'd give this chatbot 1 star if I could.", []),
    ("My kid is 7 and even he can work this app.", []),
    ("I tried option 3 in the phone menu and it just looped back to the start.", []),
    ("It's like Groundhog Day with you guys.", []),
    ("Error 0x80070005 every time I try to update.", []),
    ("The banner says 'up to 50% off' but nothing actually is.", []),
    ("I'm on my 3rd coffee and still can't figure this out.", []),
    ("If it were up to me I'd pay double just to make it stop.", []),
    ("The battery goes from 100 to 20 in about an hour.", []),
    ("I read somewhere that 1 in 5 units has this issue.", []),
    ("Step 1 worked but step 2 just gives a blank screen.", []),
    ("The first time it happened I ignored it, the second time I panicked.", []),
    ("I'm not made of money, you know.", []),
    ("Why does this always happen on a Friday?", []),
    ("Seven days a week I deal with this nonsense.", []),
    ("Hold on, my 3-year-old is yelling at the dog.", []),
    ("Nobody in 2024 should still be faxing forms.", []),
    ("You guys are 0 for 2 on deliveries this month.", []),
    ("I'd have paid a hundred quid just to talk to a human.", []),
    ("It says 4.5 stars on the site, I don't believe it.", []),
    ("I've restarted it like 50 times.", []),
    # ---- no facts: questions to the agent -------------------------------------------------------
    ("Do you deliver on Sundays?", []),
    ("How long does a refund usually take?", []),
    ("Can I pay in instalments?", []),
    ("What's your returns policy, 30 days or something?", []),
    ("Are you a bot or a real person?", []),
    ("Can you summarise what we talked about last time?", []),
    ("What time do you close on weekdays?", []),
    ("Is there a fee for changing a booking?", []),
    ("Can you recommend a decent laptop for uni?", []),
    ("Do you remember what I ordered?", []),
    ("What's the difference between your two broadband plans?", []),
    # ---- no facts: pleasantries -----------------------------------------------------------------
    ("Morning! Hope you're well.", []),
    ("Cheers, that's sorted then.", []),
    ("You're a star, thank you.", []),
    ("Have a lovely evening.", []),
    ("No rush at all.", []),
    ("lol ok", []),
    ("brb, someone's at the door", []),
    ("Fingers crossed it works this time.", []),
    ("Sorry for the essay.", []),
    ("Happy new year btw!", []),
    ("That's a 10/10 answer, thanks.", []),
    # ---- no facts: personal-life talk in a multi-session friends chat ---------------------------
    ("omg hiii, how was Lisbon??", []),
    ("I ran a charity 5K last Saturday and my legs are still dead", []),
    ("we adopted a beagle named Otis, he's already eaten two shoes", []),
    ("my sister turns 30 next month and I have zero gift ideas", []),
    ("remember that road trip in 2017? the car broke down twice", []),
    ("work's been mad, we had 3 launches in one week", []),
    ("finally finished season 2, no spoilers pls", []),
    ("Otis says hi 🐶", []),
    ("I've been doing couch-to-5K, week 4 now and dying", []),
    ("Mum's 70th was lovely, thanks for asking x", []),
    ("lol I still owe you a pint from that bet", []),
    ("did you ever watch that documentary I mentioned last time?", []),
    ("ugh, got about 4 hours of sleep", []),
    ("the kids are 6 and 9 now, can you believe it", []),
    ("we did the Three Peaks last summer, never again", []),
    ("new job starts soon, so nervous!!", []),
    ("we're off to Croatia in August, can't wait", []),
    ("haha the 2-hour lasagna was worth it though", []),
    ("Tom finally proposed!! I'm still screaming", []),
]


def entries_dev2() -> list[tuple[str, list[tuple[str, str]], str]]:
    """(message, expected facts, split) for every entry; the split is always "dev2"."""
    return [(msg, facts, "dev2") for msg, facts in LABELLED_EN_DEV2]


for _msg, _facts in LABELLED_EN_DEV2:   # labels must be verbatim substrings
    for _cat, _val in _facts:
        assert _val in _msg, (_msg, _val)
