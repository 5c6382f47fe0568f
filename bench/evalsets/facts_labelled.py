"""Hand-labelled messages for measuring key-fact extraction (precision / recall), zh + en.

Each entry is (message, expected facts), a fact being (category, value). Categories: name, phone,
email, id_card, bank_card, ref (order/ticket/contract/tracking numbers), datetime, amount, count,
product, address, decision. Labelling conventions (what a pinned key-fact table of a
customer-service / assistant agent should hold):
- values are verbatim substrings of the message and the WHOLE value: a product with its storage and
  colour ("iPhone 15 Pro 256G 蓝色"), an address down to the house/room number, a date with its time;
- for counts, the number with its classifier/unit is the value ("3台", "7 位", "2间" in "2间房"); what
  is being counted ("密码", "房") belongs to the key, not the value. English has no classifiers, so
  the noun right after the number serves as its unit ("4 tickets", "3 nights");
- a decision is the option chosen ("换货"), not the rejected one;
- the key word itself ("订单号", "phone") is not part of the value;
- chit-chat, idioms and vague time words (第一时间, 一心一意, "one of these days", "last week was
  rough") carry no facts.
About a third of the messages have no facts. `split_of(i)` puts even indices in dev, odd in test.
"""

from __future__ import annotations

LABELLED: list[tuple[str, list[tuple[str, str]]]] = [
    # ---- Chinese, with facts ------------------------------------------------------------------
    ("你好，我叫王晓琳，手机13812345678", [("name", "王晓琳"), ("phone", "13812345678")]),
    ("登记人：李建国，联系电话 139 0211 4567", [("name", "李建国"), ("phone", "139 0211 4567")]),
    ("鄙人姓陈，全名陈思远", [("name", "陈思远")]),
    ("收件人写张雨桐就行", [("name", "张雨桐")]),
    ("我是刘秀英的家属，她住院了，我替她办一下", [("name", "刘秀英")]),
    ("订单号是3123456789012345678，麻烦查一下", [("ref", "3123456789012345678")]),
    ("快递单号SF1402938475612，显示已签收但我没收到", [("ref", "SF1402938475612")]),
    ("买的是iPhone 15 Pro 256G 蓝色钛金属，屏幕有亮点", [("product", "iPhone 15 Pro 256G 蓝色钛金属")]),
    ("型号是华为 Mate 60 Pro 512GB 雅川青，一共付了6999元", [("product", "华为 Mate 60 Pro 512GB 雅川青"), ("amount", "6999元")]),
    ("收货地址：上海市浦东新区张江路88号阳光花园3栋2单元1202室", [("address", "上海市浦东新区张江路88号阳光花园3栋2单元1202室")]),
    ("地址改一下，改成北京市朝阳区望京西路41号梧桐公寓5栋801室", [("address", "北京市朝阳区望京西路41号梧桐公寓5栋801室")]),
    ("约的3月15日下午2点上门，可以吗", [("datetime", "3月15日下午2点")]),
    ("把时间往后挪到周六上午十点", [("datetime", "周六上午十点")]),
    ("一共要3台，都是挂机", [("count", "3台")]),
    ("我选换货，不要退款了", [("decision", "换货")]),
    ("想了想，还是上门维修吧，寄修太麻烦", [("decision", "上门维修")]),
    ("发票发到zhang_wei88@163.com", [("email", "zhang_wei88@163.com")]),
    ("身份证号110105199003071234，帮我核实一下", [("id_card", "110105199003071234")]),
    ("银行卡号 6222 0212 3456 7890 123，退款打到这张卡", [("bank_card", "6222 0212 3456 7890 123")]),
    ("信用卡尾号4821那张被盗刷了", [("bank_card", "4821")]),
    ("扣了我¥1,580，我根本没买过", [("amount", "¥1,580")]),
    ("工单号GD202403120056，师傅到现在还没来", [("ref", "GD202403120056")]),
    ("报修单号BX2024051733，空调是美的 KFR-35GW/N8MJA3", [("ref", "BX2024051733"), ("product", "美的 KFR-35GW/N8MJA3")]),
    ("电话换了，新号是17705319988", [("phone", "17705319988")]),
    ("刚才说错了，应该是15921876543", [("phone", "15921876543")]),
    ("订2间房，住三晚，6月8日入住", [("count", "2间"), ("count", "三晚"), ("datetime", "6月8日")]),
    ("机票 CA1831，5月3日 08:30 起飞", [("ref", "CA1831"), ("datetime", "5月3日 08:30")]),
    ("合同编号HT-2023-0892，月底前要签回", [("ref", "HT-2023-0892"), ("datetime", "月底前")]),
    ("套餐改成129元融合宽带套餐", [("product", "129元融合宽带套餐")]),
    ("密码是6位数字，我忘了", [("count", "6位")]),
    ("分12期，每期大概四百多", [("decision", "分12期")]),
    ("退款金额是2456.50元，什么时候到账", [("amount", "2456.50元")]),
    ("我家在四川省成都市武侯区科华北路65号翠湖苑2栋", [("address", "四川省成都市武侯区科华北路65号翠湖苑2栋")]),
    ("送到公司吧，杭州市西湖区文三路90号东部软件园B座5楼", [("address", "杭州市西湖区文三路90号东部软件园B座5楼")]),
    ("叫我小周就行，电话 186-2233-4455", [("name", "小周"), ("phone", "186-2233-4455")]),
    ("明天下午三点到五点之间都有人在家", [("datetime", "明天下午三点到五点")]),
    ("买了两件，退一件", [("count", "两件"), ("count", "一件")]),
    ("洗衣机是海尔 EG100MATE2S 滚筒的，买了不到一年", [("product", "海尔 EG100MATE2S")]),
    ("最晚这周五之前必须修好，周末家里有客人", [("datetime", "这周五之前")]),
    ("我的邮箱是 lily.chen@outlook.com，有问题发邮件", [("email", "lily.chen@outlook.com")]),
    ("电子客票号781-2938475610，改签到下周一", [("ref", "781-2938475610"), ("datetime", "下周一")]),
    ("我要靠窗的座位，不要靠过道", [("decision", "靠窗")]),
    ("小米14 Ultra 16+512 黑色，下单时间是2024年1月5日", [("product", "小米14 Ultra 16+512 黑色"), ("datetime", "2024年1月5日")]),
    ("运费另外收了15元", [("amount", "15元")]),
    ("副卡要办3张", [("count", "3张")]),
    ("宽带账号075512345678，网速一直只有几兆", [("ref", "075512345678")]),
    ("充值了500块，到现在还没到账", [("amount", "500块")]),
    ("我儿子叫赵子涵，他用的是这个号13511112222", [("name", "赵子涵"), ("phone", "13511112222")]),
    ("改约到4月2号上午9点吧", [("datetime", "4月2号上午9点")]),
    ("数量改成5个", [("count", "5个")]),
    ("算了，不换了，直接退款", [("decision", "退款")]),
    ("交易流水号 20240315123456789012，麻烦核对", [("ref", "20240315123456789012")]),
    ("身份证后四位是 051X", [("id_card", "051X")]),
    ("我买的是 OPPO Find X7 256G 烟云紫，想换成黑色", [("product", "OPPO Find X7 256G 烟云紫")]),
    ("一家四口，想订家庭套票", [("count", "四口")]),
    # ---- English, with facts ------------------------------------------------------------------
    ("Hi, my name is Daniel Brooks and my number is 415-555-0132.", [("name", "Daniel Brooks"), ("phone", "415-555-0132")]),
    ("Order #A7734-2291 arrived damaged.", [("ref", "A7734-2291")]),
    ("You can email me at jen.okafor@gmail.com", [("email", "jen.okafor@gmail.com")]),
    ("Ship it to 221 Baker Street, Apt 4B, London NW1 6XE.", [("address", "221 Baker Street, Apt 4B, London NW1 6XE")]),
    ("I bought a Samsung Galaxy S24 Ultra 512GB Titanium Gray last week.", [("product", "Samsung Galaxy S24 Ultra 512GB Titanium Gray"), ("datetime", "last week")]),
    ("The charge was $249.99 and I never authorized it.", [("amount", "$249.99")]),
    ("Can we do Tuesday, March 12 at 3:30 pm?", [("datetime", "Tuesday, March 12 at 3:30 pm")]),
    ("I need 4 tickets for the evening show.", [("count", "4 tickets")]),
    ("I'll go with the refund rather than a replacement.", [("decision", "the refund")]),
    ("My tracking number is 1Z999AA10123456784.", [("ref", "1Z999AA10123456784")]),
    ("Please call me back on +44 7700 900123.", [("phone", "+44 7700 900123")]),
    ("It's the Dell XPS 13 9340 with 16GB RAM, silver.", [("product", "Dell XPS 13 9340 with 16GB RAM, silver")]),
    ("Actually, change the delivery address to 88 Pine Road, Unit 12, Seattle WA 98101.", [("address", "88 Pine Road, Unit 12, Seattle WA 98101")]),
    ("My booking reference is QX7P2L.", [("ref", "QX7P2L")]),
    ("We'll be 2 adults and 1 child.", [("count", "2 adults"), ("count", "1 child")]),
    ("The card ending in 4417 was charged twice.", [("bank_card", "4417")]),
    ("Refund of €89.00 please, to the original card.", [("amount", "€89.00")]),
    ("Let's switch to the annual plan, not monthly.", [("decision", "the annual plan")]),
    ("Ticket number INC-20931 is still open.", [("ref", "INC-20931")]),
    ("Flight BA287 departs on 14 June 2024 at 11:05.", [("ref", "BA287"), ("datetime", "14 June 2024 at 11:05")]),
    ("This is Maria Gonzalez, account holder.", [("name", "Maria Gonzalez")]),
    ("I want 3 nights at the hotel, checking in on Friday.", [("count", "3 nights"), ("datetime", "Friday")]),
    ("Sorry, wrong number earlier, it should be 212-555-0178.", [("phone", "212-555-0178")]),
    ("Please move the appointment to next Monday at 9am.", [("datetime", "next Monday at 9am")]),
    ("The total came to $1,299.00 including tax.", [("amount", "$1,299.00")]),
    ("Contract ID CT-88412, it renews on 1 September.", [("ref", "CT-88412"), ("datetime", "1 September")]),
    ("The model is a Bosch WAW28440 washing machine.", [("product", "Bosch WAW28440")]),
    ("I'll take the window seat.", [("decision", "the window seat")]),
    ("Send the invoice to billing@northwind-traders.com.", [("email", "billing@northwind-traders.com")]),
    ("My passport number is X1234567 if you need it.", [("id_card", "X1234567")]),
    ("I live at 1600 Amphitheatre Parkway, Mountain View, CA 94043.", [("address", "1600 Amphitheatre Parkway, Mountain View, CA 94043")]),
    ("Deadline is Friday 5 pm, no extensions.", [("datetime", "Friday 5 pm")]),
    ("We ordered 12 boxes but only 9 arrived.", [("count", "12 boxes"), ("count", "9")]),
    ("Call me Sam, by the way.", [("name", "Sam")]),
    ("It's an iPad Air 11-inch M2 128GB Blue.", [("product", "iPad Air 11-inch M2 128GB Blue")]),
    ("We decided on the repair instead of a replacement.", [("decision", "the repair")]),
    ("Reservation for 6 people on Saturday at 7:30.", [("count", "6 people"), ("datetime", "Saturday at 7:30")]),
    ("The deposit was £350.", [("amount", "£350")]),
    ("Case number 00451872, opened on May 2.", [("ref", "00451872"), ("datetime", "May 2")]),
    ("My new email is t.nguyen@proton.me, the old one is closed.", [("email", "t.nguyen@proton.me")]),
    ("IBAN DE89 3704 0044 0532 0130 00 for the refund.", [("bank_card", "DE89 3704 0044 0532 0130 00")]),
    ("The PIN has 4 digits, right?", [("count", "4 digits")]),
    ("Move delivery to the 18th of July, morning.", [("datetime", "18th of July, morning")]),
    ("My daughter, Emily Carter, will pick it up.", [("name", "Emily Carter")]),
    ("Go with option B, the cheaper one.", [("decision", "option B")]),
    # ---- Chinese, no facts ----------------------------------------------------------------------
    ("这事能不能第一时间给我处理", []),
    ("我看一时半会儿也弄不好", []),
    ("说实话我心里七上八下的", []),
    ("你们真是一心一意为客户", []),
    ("我再三思而后行吧", []),
    ("好的，谢谢你", []),
    ("嗯嗯，明白了", []),
    ("稍等，我去拿一下眼镜", []),
    ("今天外面下大雨，出门都难", []),
    ("行，那就麻烦你了", []),
    ("这个月真是事儿多", []),
    ("我都快急死了，三天两头出问题", []),
    ("一码归一码，先把这个解决", []),
    ("我这人丁是丁卯是卯", []),
    ("早知道就不折腾了", []),
    ("你确定这样可以？", []),
    ("先这样吧，有消息告诉我", []),
    ("能不能加急处理", []),
    ("我不太懂这些，你说简单点", []),
    ("之前那个客服说的跟你不一样啊", []),
    ("一言为定", []),
    ("你们这个服务真是十全十美", []),
    ("别让我再跑一趟了", []),
    ("这种事百闻不如一见", []),
    ("我朋友说你们服务挺好的", []),
    ("页面一直转圈，是不是系统出问题了", []),
    ("你们几点下班啊", []),
    ("好的，我等一下", []),
    ("唉，一波三折", []),
    ("没事，你慢慢查", []),
    # ---- English, no facts ----------------------------------------------------------------------
    ("I'll be there in a sec.", []),
    ("One of these days I'll sort out my inbox.", []),
    ("Last week was rough, honestly.", []),
    ("Thanks so much, that's really helpful!", []),
    ("Ok, cool.", []),
    ("Can you hold on a moment?", []),
    ("The weather has been so weird lately.", []),
    ("Haha, classic.", []),
    ("I'm not sure, let me think about it.", []),
    ("That makes sense, thank you.", []),
    ("Sorry, I was in a meeting.", []),
    ("Give me a second to find it.", []),
    ("No worries at all.", []),
    ("It's been one thing after another this week.", []),
    ("I've told you a hundred times, it doesn't work.", []),
    ("At first I thought it was my wifi.", []),
    ("Is this the right place to ask?", []),
    ("Two heads are better than one, right?", []),
    ("Sounds good to me.", []),
    ("I'm on cloud nine today!", []),
    ("Whatever works best for you.", []),
    ("Let me get back to you on that.", []),
    ("Can you explain that again?", []),
    ("Perfect, thanks a million.", []),
    ("I'll try it once more and see.", []),
]


def lang_of(text: str) -> str:
    return "zh" if any("\u4e00" <= ch <= "\u9fff" for ch in text) else "en"


def split_of(i: int) -> str:
    return "dev" if i % 2 == 0 else "test"


DEV = [x for i, x in enumerate(LABELLED) if split_of(i) == "dev"]
TEST = [x for i, x in enumerate(LABELLED) if split_of(i) == "test"]

for _msg, _facts in LABELLED:   # labels must be verbatim substrings
    for _cat, _val in _facts:
        assert _val in _msg, (_msg, _val)
