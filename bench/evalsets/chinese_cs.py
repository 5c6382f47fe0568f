"""Chinese customer-service conversations: 120 user messages, each followed by an agent reply.

Domains: e-commerce, telecom, appliance repair, travel booking, banking. In the first 15 user
messages the customer gives ~16-20 key facts (name, phone, order/ticket numbers, address, product
model with storage/colour, amounts, dates/times, counts, a decision between options, a deadline,
a contact preference, e-mail ...), each phrased one of >= 5 ways. 2-4 facts are updated later
("地址改一下，改成…", "刚才说错了，应该是…"). The rest is troubleshooting, policy questions and
chit-chat, including idioms with digits (第一时间, 一时半会儿, 七上八下) that are not facts.
One question per early fact is asked at the end; the answer is the CURRENT value and the evidence
the user turn that states it.
"""

from __future__ import annotations

from datetime import datetime, timedelta

from .common import Conversation, Question, Turn, epoch, rng_for

SURNAMES = "王李张刘陈杨黄赵吴周徐孙马朱胡郭何林罗高郑梁谢宋唐"
GIVEN = ["晓琳", "建国", "子涵", "雨桐", "志强", "海燕", "俊杰", "佳怡", "文博", "秀英", "明辉", "思远", "婉清", "国栋", "欣怡"]
PLACES = [("上海市", "浦东新区", ["张江路", "世纪大道", "锦绣路", "东方路"]),
          ("北京市", "朝阳区", ["望京西路", "建国路", "酒仙桥路", "安立路"]),
          ("广东省深圳市", "南山区", ["科技园南路", "后海大道", "桃园路"]),
          ("浙江省杭州市", "西湖区", ["文三路", "古墩路", "天目山路"]),
          ("四川省成都市", "武侯区", ["天府大道北段", "科华北路", "一环路南四段"]),
          ("江苏省南京市", "鼓楼区", ["中山北路", "湖南路", "汉中门大街"]),
          ("湖北省武汉市", "洪山区", ["珞喻路", "光谷大道", "雄楚大道"])]
COMPOUNDS = ["阳光花园", "锦绣华庭", "翠湖苑", "金地名郡", "和平里小区", "梧桐公寓", "滨江壹号"]
WEEKDAYS = ["周一", "周二", "周三", "周四", "周五", "周六", "周日"]
CN_NUM = "零一二三四五六七八九十"


def _phone(rng):
    d = "1" + rng.choice("35789") + "".join(rng.choice("0123456789") for _ in range(9))
    return rng.choice([d, d, f"{d[:3]} {d[3:7]} {d[7:]}", f"{d[:3]}-{d[3:7]}-{d[7:]}"])


def _address(rng):
    city, dist, roads = rng.choice(PLACES)
    return (f"{city}{dist}{rng.choice(roads)}{rng.randint(1, 999)}号{rng.choice(COMPOUNDS)}"
            f"{rng.randint(1, 20)}栋{rng.randint(1, 4)}单元{rng.randint(1, 33)}{rng.randint(0, 2)}{rng.randint(1, 8)}室")


def _name(rng):
    s = rng.choice(SURNAMES)
    return s, s + rng.choice(GIVEN)


def _digits(rng, n):
    return "".join(rng.choice("0123456789") for _ in range(n))


def _when(rng, base: datetime):
    d = base + timedelta(days=rng.randint(1, 12))
    h = rng.choice([9, 10, 14, 15, 16, 19])
    return rng.choice([f"{d.month}月{d.day}日下午{h - 12}点" if h > 12 else f"{d.month}月{d.day}日上午{h}点",
                       f"{d.month}月{d.day}号 {h}:{rng.choice(['00', '30'])}",
                       f"{d.year}年{d.month}月{d.day}日{h}点",
                       f"{WEEKDAYS[d.weekday()]}{'上午' if h < 12 else '下午'}{CN_NUM[h if h < 11 else h - 12]}点到{CN_NUM[(h + 2) if h < 9 else (h - 10 if h > 12 else 0)] if h != 10 else '十二'}点"
                       if h not in (9, 19) else f"{d.month}月{d.day}日晚上{h - 12}点"])


def _amount(rng):
    v = rng.choice([rng.randint(59, 9999), rng.randint(100, 5000) + rng.choice([0.5, 0.8, 0.0])])
    iv = int(v)
    return rng.choice([f"{iv}元", f"¥{iv:,}", f"{v:.2f}元", f"{iv}块钱", f"人民币{iv}元"])


# ---------------------------------------------------------------------------------------------
# fact templates: statements ({v} = value) and questions; at least five of each per type
S = {
    "name": ["登记人：{v}", "鄙人姓{sur}，全名{v}", "收件人写{v}", "叫我{v}就行", "我是{v}的家属，替{v}来办的",
             "我叫{v}", "机主是我，{v}"],
    "phone": ["电话{v}", "手机号是{v}", "有事打我电话：{v}", "联系方式留这个：{v}", "你记一下我的号码，{v}", "回拨请打{v}"],
    "ref": ["{label}是{v}", "{label}：{v}", "您查一下{v}这个单子", "我这边显示的{label}是{v}", "麻烦看看{label}{v}"],
    "address": ["收货地址：{v}", "寄到{v}", "我家在{v}", "地址写{v}", "上门地址是{v}", "送到{v}就行"],
    "product": ["买的是{v}", "型号是{v}", "我那台{v}", "就是{v}这款", "东西是{v}", "{v}，就这个"],
    "amount": ["付了{v}", "一共{v}", "扣了我{v}", "金额是{v}", "当时花了{v}", "实付{v}"],
    "datetime": ["约的{v}", "{v}可以吗", "时间定在{v}", "{v}我在家", "就{v}吧", "我选{v}这个时间"],
    "count": ["一共{v}", "要{v}", "订{v}", "数量是{v}", "总共{v}"],
    "decision": ["我选{x}", "{x}和{y}里我要{x}", "还是{x}吧", "就{x}，不{y}了", "考虑了一下，{x}", "{x}，{y}太麻烦"],
    "deadline": ["{v}必须搞定", "最迟{v}", "麻烦{v}处理好", "{v}就要用了", "不能晚于{v}"],
    "preference": ["{v}", "跟你说一下，{v}", "提个要求：{v}", "对了，{v}", "麻烦备注：{v}"],
    "id_card": ["身份证后四位{v}", "证件号最后四位是{v}", "身份证尾号{v}", "核验的话身份证后4位：{v}", "我身份证末四位{v}"],
    "email": ["邮箱{v}", "发票发到{v}", "电子回单发我邮箱：{v}", "邮件地址是{v}", "有文件就发{v}"],
}
U = {
    "phone": ["电话换了，新号是{v}", "刚才那个号码不常用，改成{v}吧", "联系电话更新一下：{v}", "之前留的手机停机了，打这个{v}",
              "号码记错了一位，应该是{v}"],
    "address": ["地址改一下，改成{v}", "我搬家了，新地址是{v}", "刚才说错了，应该是{v}", "送到公司吧，{v}", "麻烦把地址更新为{v}"],
    "datetime": ["把时间往后挪到{v}", "改约到{v}吧", "时间换一下，{v}", "那天不行，改成{v}", "能不能调到{v}"],
    "count": ["数量改成{v}", "不好意思，要{v}，不是刚才说的", "刚才说错了，应该是{v}", "我改一下数量：{v}", "家里人商量了，改成{v}"],
    "decision": ["我想了想，还是{y}吧", "改主意了，换成{y}", "算了，不{x}了，{y}", "刚才说错了，应该是{y}", "最后决定{y}"],
}
Q = {
    "name": ["客户怎么称呼？", "这位客户叫什么名字？", "登记的联系人姓名是？", "用户的全名是什么？", "这单是以谁的名义登记的？"],
    "phone": ["客户的联系电话是多少？", "回访该打哪个号码？", "用户现在的手机号是？", "怎么联系这位客户？电话多少？", "客户留的最新号码是多少？"],
    "ref": ["客户的{label}是多少？", "这单的{label}是？", "用户报的{label}是什么？", "帮我找一下客户的{label}", "{label}记一下是多少？"],
    "address": ["客户的收货地址现在是哪里？", "上门应该去哪个地址？", "最终的地址是哪？", "用户的地址给我一下", "东西要寄到哪里？"],
    "product": ["客户的{pn}是哪款？", "{pn}具体是什么？", "用户说的是哪个{pn}？", "涉及的{pn}具体是哪个？", "客户的{pn}型号或名称是？"],
    "amount": ["涉及金额是多少？", "客户付了多少钱？", "这笔钱是多少？", "用户说的金额是？", "金额具体多少？"],
    "datetime": ["约定的时间现在是什么时候？", "预约定在几点？", "时间最后定的是哪天？", "客户要求的时间是？", "什么时候上门/办理？"],
    "count": ["数量是多少？", "客户要几个？", "一共多少？", "最终数量定的是？", "用户要的数量是？"],
    "decision": ["客户最后选的是哪种方式？", "用户决定怎么处理？", "两个方案客户选了哪个？", "客户的选择是什么？", "最终方案是哪个？"],
    "deadline": ["客户要求最晚什么时候完成？", "截止时间是？", "用户的期限是哪天？", "最迟要在什么时候前处理好？", "客户说的最后期限？"],
    "preference": ["客户对服务有什么偏好？", "用户有什么特别要求？", "客户提的备注要求是什么？", "用户特别交代了什么？", "用户的偏好是？"],
    "id_card": ["客户身份证后四位是？", "证件尾号是多少？", "核验身份用的后四位是？", "用户身份证末四位？", "身份证最后四位多少？"],
    "email": ["客户的邮箱是多少？", "发票发到哪个邮箱？", "用户留的电子邮箱？", "邮件该发到哪个地址？", "客户邮箱地址是？"],
}
# which answer word(s) to check for a preference: (full sentence, answer keyword)
PREFS = [("联系我请发短信，别打电话", "短信"), ("工作日白天不方便接电话，晚上七点以后再打", "七点以后"),
         ("有进展微信通知我就行", "微信"), ("快递别放驿站，送货上门", "送货上门"), ("希望安排女师傅上门", "女师傅"),
         ("发票要开公司抬头", "公司抬头"), ("包装简单点，不要礼盒", "不要礼盒"), ("优先安排周末", "周末")]

DOMAINS = {
    "ecommerce": dict(
        pn="商品",
        system="你是某电商平台的在线客服，负责售后、退换货与物流问题。",
        open=["你好，我买的手机有问题，想申请售后", "在吗？我的订单出了点问题", "你好，商品收到就有划痕，怎么处理"],
        ref=[("订单号", lambda r: "3" + _digits(r, 18)), ("快递单号", lambda r: "SF" + _digits(r, 13))],
        product=["iPhone 15 Pro 256G 蓝色钛金属", "华为 Mate 60 Pro 512GB 雅川青", "小米14 Ultra 16+512 黑色",
                 "OPPO Find X7 256G 烟云紫", "vivo X100 Pro 1TB 星迹蓝", "荣耀Magic6 12+256 绒黑色"],
        count=["{n}台", "{n}件"], decision=[("换货", "退款"), ("换新", "维修"), ("退货退款", "仅退款")],
        filler=[("屏幕左上角有个亮点，开机就能看到", "了解，请问是收到时就有的吗？方便拍张照片吗？"),
                ("退货的运费谁出？", "质量问题的话运费由我们承担，您不用垫付。"),
                ("换货要多久能到？", "一般寄回后3到5个工作日就能收到新机。"),
                ("我已经拍照上传了，你看看", "收到了，照片很清楚，我这边提交给质检。"),
                ("充电的时候特别烫，正常吗？", "轻微发热属于正常，如果烫手建议先停止使用。"),
                ("会不会给我寄个翻新机？", "不会的，换货都是全新未激活的机器。"),
                ("贴膜要不要撕下来再寄？", "建议保留原样寄回，配件也一起放进去。"),
                ("你们的保价政策是怎样的？", "下单后7天内降价可以申请差价补偿。"),
                ("快递员说明天才能来取件", "没问题，取件后物流信息会同步到订单里。"),
                ("手机里的数据怎么办", "寄回前请先备份并退出云账号，以免数据丢失。")]),
    "telecom": dict(
        pn="套餐",
        system="你是某运营商的在线客服，负责套餐、宽带、话费和故障报修。",
        open=["你好，我家宽带又断了，想报修", "您好，我的话费扣得不对", "你好，我想改一下套餐"],
        ref=[("工单号", lambda r: "GD" + _digits(r, 12)), ("宽带账号", lambda r: "0" + _digits(r, 3) + _digits(r, 8))],
        product=["199元5G畅享套餐", "129元融合宽带套餐", "59元流量王套餐", "300M光宽带", "千兆宽带+IPTV"],
        count=["{n}张副卡", "{n}个号码"], decision=[("升级套餐", "保留原套餐"), ("上门维修", "远程排障"), ("换光猫", "重启观察")],
        filler=[("光猫上的LOS灯一直在闪红", "LOS灯红闪说明光信号中断，需要师傅上门检查线路。"),
                ("重启了好几次都没用", "好的，我这边远程看一下端口状态。"),
                ("这个月流量用超了好多", "我帮您查一下流量明细，稍等。"),
                ("副卡能不能共享流量？", "可以的，副卡共享主卡的通用流量。"),
                ("晚上看视频特别卡", "高峰期可能有拥塞，我先帮您测一下速率。"),
                ("你们的师傅一般几点上门？", "一般是早九点到晚六点，会提前电话联系您。"),
                ("携号转网要什么条件？", "需要无欠费、无合约，具体可以发短信查询资格。"),
                ("国际漫游怎么开？", "您可以在营业厅APP里自助开通，按天计费。"),
                ("路由器是我自己买的，会不会有影响", "一般不影响，必要时师傅会帮您检查设置。"),
                ("之前那个合约什么时候到期？", "我查一下，合约期内变更套餐可能有限制。")]),
    "repair": dict(
        pn="机器",
        system="你是某家电品牌的售后服务客服，负责报修、安装与保修咨询。",
        open=["你好，家里的电器出问题了，要报修", "您好，机器用着用着就不行了，想报修", "你好，想预约师傅上门看看"],
        ref=[("报修单号", lambda r: "BX" + _digits(r, 10)), ("机身条码", lambda r: _digits(r, 4) + "A" + _digits(r, 9))],
        product=["美的 KFR-35GW/N8MJA3 挂式空调", "海尔 EG100MATE2S 滚筒洗衣机", "格力 KFR-72LW 柜式空调",
                 "西门子 KG32HA26EC 冰箱", "方太 JCD10TB 油烟机", "小天鹅 TG100V88 洗衣机"],
        count=["{n}台"], decision=[("上门维修", "寄修"), ("维修", "以旧换新"), ("延保", "不延保")],
        filler=[("开了一个小时还是吹热风", "请问室外机有在运转吗？风扇转不转？"),
                ("外机好像有点漏水", "少量冷凝水是正常的，如果是油渍就需要检查。"),
                ("还在保修期内吧？", "整机保修一年，压缩机保修十年，具体以购买凭证为准。"),
                ("师傅上门要收费吗", "保修期内免费，超出保修会按标准收取配件费。"),
                ("遥控器显示E1是什么意思", "E1一般是通信故障，建议先断电五分钟再试。"),
                ("滤网我上个月刚洗过", "好的，那可以排除滤网堵塞的问题。"),
                ("声音像是里面有东西在撞", "可能是减震或者轴承问题，需要师傅现场判断。"),
                ("能不能先远程教我处理一下", "可以，您先按说明书把设备断电重启一次。"),
                ("配件要等多久", "常用配件一般有库存，特殊配件需要三到五天调货。"),
                ("家里老人在，师傅来了有人开门", "好的，我在工单里备注一下。")]),
    "travel": dict(
        pn="预订",
        system="你是某在线旅行平台的客服，负责机票、酒店和行程的预订与变更。",
        open=["你好，我的预订需要改一下", "您好，行程有变，想咨询一下", "你好，帮我看一下我的订单"],
        ref=[("订单号", lambda r: "TR" + _digits(r, 11)), ("电子客票号", lambda r: "781-" + _digits(r, 10))],
        product=["三亚亚特兰蒂斯 海景大床房", "CA1831 北京首都—上海虹桥 经济舱", "MU5137 上海虹桥—北京首都 公务舱",
                 "G7 次 北京南—上海 一等座", "丽江悦榕庄 双床房含早"],
        count=["{n}个人", "{n}间房", "{n}张票"], decision=[("靠窗", "靠过道"), ("含早", "不含早"), ("退票", "改签")],
        filler=[("改签要收手续费吗？", "起飞前72小时以上改签手续费较低，具体以航司规定为准。"),
                ("酒店能不能提前入住？", "我帮您备注提前入住，能否安排以酒店当天房态为准。"),
                ("小孩需要单独买票吗", "2到12岁儿童需要购买儿童票。"),
                ("行李额是多少公斤", "经济舱一般免费托运20公斤，以客票为准。"),
                ("那边天气怎么样", "这几天晴天为主，白天比较热，注意防晒。"),
                ("接机服务怎么收费", "接机是单独产品，按车型收费，可以在订单页加购。"),
                ("发票什么时候能开", "行程结束后可以在订单里申请电子发票。"),
                ("万一航班延误怎么办", "延误的话我们会第一时间通知您，并协助改签。"),
                ("酒店有没有停车位", "酒店有地下停车场，住客免费。"),
                ("能用积分抵扣吗", "可以，积分在支付时按比例抵扣。")]),
    "banking": dict(
        pn="卡片",
        system="你是某银行信用卡中心的在线客服，负责账单、交易争议、分期与挂失。",
        open=["你好，我信用卡有一笔交易不是我刷的", "您好，想咨询一下账单分期", "我的卡好像被盗刷了，怎么办"],
        ref=[("交易流水号", lambda r: _digits(r, 20)), ("卡号尾号", lambda r: _digits(r, 4))],
        product=["白金信用卡", "联名信用卡", "金卡", "一卡通借记卡", "留学生信用卡"],
        count=["{n}期", "{n}笔"], decision=[("分期", "一次性还清"), ("挂失补卡", "冻结观察"), ("最低还款", "全额还款")],
        filler=[("短信提醒我有一笔境外消费", "请问您本人最近有出境或在境外网站消费吗？"),
                ("我卡一直在身上，没借给别人", "好的，这种情况我们会按争议交易处理。"),
                ("分期的手续费是多少", "不同期数费率不同，我给您算一下每期金额。"),
                ("会不会影响征信", "争议处理期间不会上报逾期，您放心。"),
                ("补卡要多久能寄到", "补卡一般7到10个工作日寄到账单地址。"),
                ("我现在心里七上八下的", "理解您的心情，我们会尽快处理。"),
                ("自动还款设置了没有", "我查一下，您目前绑定的是借记卡自动还款。"),
                ("年费能不能免", "每年刷卡满6次可以免次年年费。"),
                ("临时额度可以提吗", "可以申请临时额度，有效期一般30天。"),
                ("我还要报警吗", "建议您同时报警并保留回执，方便后续处理。")]),
}

GENERIC = [("好的，我等一下", "好的，您稍等，我这边正在查询。"),
           ("这事能不能第一时间给我处理", "一定的，我们会第一时间跟进。"),
           ("我看一时半会儿也弄不好吧", "您别着急，这个问题一般当天就能有结论。"),
           ("说实话我心里七上八下的", "理解您，我会一直跟进到问题解决。"),
           ("你们客服真是一心一意为客户啊", "谢谢您的认可，这是我们应该做的。"),
           ("我再三思而后行吧，先不急着决定", "好的，您考虑清楚再告诉我就行。"),
           ("上次打你们热线等了半个小时", "非常抱歉让您久等了，最近咨询量比较大。"),
           ("我朋友说你们服务挺好的", "谢谢您朋友的推荐！"),
           ("稍等，我去拿一下眼镜", "好的，不着急。"),
           ("今天外面下大雨，出门都难", "是的，您注意安全。"),
           ("你们几点下班啊", "在线客服是24小时的，随时可以找我们。"),
           ("能不能给我个准话", "可以的，我确认后马上答复您。"),
           ("我这人丁是丁卯是卯，说好的就要做到", "明白，我们一定按约定执行。"),
           ("早知道就不折腾了", "理解，给您添麻烦了。"),
           ("嗯嗯，明白了", "好的，还有其他问题吗？"),
           ("你确定这样可以？", "确定的，这是标准处理流程。"),
           ("行，那就麻烦你了", "不麻烦，应该的。"),
           ("我一会儿还要开会，长话短说", "好的，我尽量简洁。"),
           ("你们系统是不是出问题了，页面一直转圈", "我这边正常，您可以试着清一下缓存再刷新。"),
           ("我邻居家上周也遇到这种事了", "这种情况偶尔会有，我们都会妥善处理。"),
           ("说到底还是质量问题吧", "具体原因要检测后才能确定，我们会给您一个说法。"),
           ("我都快急死了，三天两头出问题", "非常抱歉，我们会尽快帮您解决。"),
           ("这个月真是事儿多", "辛苦了，希望后面都顺顺利利的。"),
           ("先这样吧，有消息告诉我", "好的，有进展会及时通知您。"),
           ("你叫什么名字？下次还找你", "我是工号8号客服，很高兴为您服务。"),
           ("你们的热线是多少来着", "全国统一热线是400开头的那个，订单页面上也有。"),
           ("能不能加急处理", "我帮您申请加急，会优先安排。"),
           ("我不太懂这些，你说简单点", "没问题，我一步一步跟您说。"),
           ("之前那个客服说的跟你不一样啊", "抱歉给您造成困扰，以我现在核实的为准。"),
           ("算了，一码归一码，先把这个解决", "好的，我们先处理这个问题。"),
           ("我就怕到时候又要跑一趟", "您放心，尽量一次处理好。"),
           ("好的谢谢，辛苦了", "不客气，这是我应该做的。"),
           ("还有个小问题想问一下", "您请说。"),
           ("那我需要准备什么材料吗", "一般准备好身份证件和相关凭证就可以。"),
           ("没事，你慢慢查", "谢谢理解，马上就好。")]
PREFIX = ["", "", "", "对了，", "还有，", "嗯，", "那个，", "另外，", "哦对，", "话说，"]
ACKS = ["好的，已为您记录。", "收到，这边记下了。", "好的，我备注一下。", "明白，已登记。", "好的，麻烦您了。", "了解，已经更新。"]
ASK = {"name": "请问怎么称呼您？", "phone": "方便留个联系电话吗？", "ref": "请提供一下{label}。", "address": "请问地址是？",
       "product": "请问是哪个型号？", "amount": "请问涉及金额是多少？", "datetime": "您看什么时间方便？", "count": "需要多少呢？",
       "decision": "您看{x}还是{y}？", "deadline": "您最晚什么时候需要？", "email": "方便留个邮箱吗？", "preference": "还有其他要求吗？",
       "id_card": "为核实身份，请提供身份证后四位。"}


def _facts(rng, dom, base):
    """The list of early facts: dicts with type, value, statement, question, answer words."""
    d = DOMAINS[dom]
    out = []
    sur, name = _name(rng)
    out.append(dict(type="name", value=name, fmt=dict(sur=sur)))
    out.append(dict(type="phone", value=_phone(rng)))
    for label, gen in d["ref"]:
        out.append(dict(type="ref", value=gen(rng), fmt=dict(label=label), label=label))
    out.append(dict(type="address", value=_address(rng)))
    out.append(dict(type="product", value=rng.choice(d["product"]), fmt=dict(pn=d["pn"])))
    out.append(dict(type="amount", value=_amount(rng)))
    out.append(dict(type="datetime", value=_when(rng, base)))
    n = rng.randint(2, 5)
    unit = rng.choice(d["count"])
    out.append(dict(type="count", value=unit.format(n=rng.choice([str(n), CN_NUM[n] if n != 2 else "两"])), unit=unit))
    x, y = rng.choice(d["decision"])
    if rng.random() < 0.5:
        x, y = y, x
    out.append(dict(type="decision", value=x, fmt=dict(x=x, y=y)))
    dl = base + timedelta(days=rng.randint(3, 20))
    out.append(dict(type="deadline", value=rng.choice([f"{dl.month}月{dl.day}日之前", f"{dl.month}月{dl.day}号前",
                                                        f"本月{dl.day}号以前", f"{dl.month}月底前", f"{WEEKDAYS[dl.weekday()]}之前"])))
    pref, kw = rng.choice(PREFS)
    out.append(dict(type="preference", value=pref, answer=[kw]))
    user = rng.choice(["zhang", "li.ming", "wx_", "sunny", "chen88", "oldwang", "lily"]) + _digits(rng, 3)
    out.append(dict(type="email", value=f"{user}@{rng.choice(['163.com', 'qq.com', 'gmail.com', 'outlook.com', '126.com'])}"))
    # domain extras: a second amount (e.g. refund/fee) and a second date, so that there are ~16-20 facts
    out.append(dict(type="amount", value=_amount(rng), role="second"))
    out.append(dict(type="datetime", value=f"{base.month}月{max(1, base.day - rng.randint(1, 9))}日", role="second"))
    out.append(dict(type="id_card", value=_digits(rng, 3) + rng.choice("0123456789X")))
    if rng.random() < 0.6:
        out.append(dict(type="phone", value=_phone(rng), role="second"))
    if rng.random() < 0.5:
        out.append(dict(type="name", value=_name(rng)[1], role="second"))
    for f in out:
        f.setdefault("fmt", {})
    return out


ROLE_Q = {  # questions for "second" facts of a type
    "amount": ["另一笔金额是多少？", "客户提到的第二个金额是？", "除了主金额，客户还提到多少钱？", "另外那笔费用是多少？", "第二笔钱是多少？"],
    "datetime": ["最初下单/办理是哪天？", "客户说当初是几号办的？", "事情最早发生在哪天？", "原始日期是哪天？", "客户最开始提到的日期？"],
    "name": ["客户的紧急联系人叫什么？", "另一位联系人是谁？", "备用联系人姓名？", "客户提到的家人叫什么名字？", "第二联系人是谁？"],
    "phone": ["客户的备用电话是多少？", "第二个联系号码是？", "备用号码多少？", "另一个能联系上的电话？", "紧急联系人电话是多少？"],
}
SECOND_S = {
    "amount": ["另外运费/手续费还收了{v}", "还有一笔{v}也要退", "之前还被扣过{v}", "加上服务费{v}", "后来又补了{v}"],
    "datetime": ["当时是{v}下的单", "我{v}办的", "{v}那天开始出问题的", "最早是{v}", "{v}买的"],
    "name": ["紧急联系人写{v}", "我不在的话找{v}", "家里另一个能做主的是{v}", "备用联系人：{v}", "也可以联系我爱人{v}"],
    "phone": ["备用电话{v}", "打不通就打我家里人的，{v}", "紧急联系人电话：{v}", "另一个号{v}也行", "我爱人的手机{v}"],
}


def generate(seed: int) -> Conversation:
    rng = rng_for("chinese", seed)
    dom = sorted(DOMAINS)[seed % len(DOMAINS)] if rng.random() < 0.5 else rng.choice(sorted(DOMAINS))
    d = DOMAINS[dom]
    base = datetime(2024, rng.randint(1, 11), rng.randint(1, 28), rng.randint(9, 20), rng.randint(0, 59))
    facts = _facts(rng, dom, base)
    # statements
    for f in facts:
        if f.get("role") == "second":
            f["stmt"] = rng.choice(SECOND_S[f["type"]]).format(v=f["value"])
            f["q"] = rng.choice(ROLE_Q[f["type"]])
        else:
            f["stmt"] = rng.choice(S[f["type"]]).format(v=f["value"], **f["fmt"])
            f["q"] = rng.choice(Q[f["type"]]).format(**f["fmt"])
    # group facts into user messages 1..15 (indices 0..14)
    order = facts[:]
    rng.shuffle(order)
    order.sort(key=lambda f: f["type"] != "name" and rng.random() < 0.7)  # name tends to come early
    slots = [[] for _ in range(15)]
    opener = rng.choice(d["open"])
    for i, f in enumerate(order):
        slots[min(14, i * 15 // len(order) if len(order) > 15 else i)].append(f)
    user_msgs = []
    for k in range(15):
        parts = [f["stmt"] for f in slots[k]]
        if k == 0:
            parts = [opener] + parts
        if not parts:
            parts = [rng.choice(GENERIC)[0]]
        user_msgs.append(("，".join(parts) if rng.random() < 0.5 else "。".join(parts)) + rng.choice(["", "。", "，谢谢", "。麻烦了"]))
        for f in slots[k]:
            f["msg"] = k
    # updates
    updatable = [f for f in facts if f["type"] in U and f.get("role") != "second"]
    ups = rng.sample(updatable, rng.randint(2, min(4, len(updatable))))
    up_at = sorted(rng.sample(range(25, 112), len(ups)))
    upd_msgs = {}
    for f, k in zip(ups, up_at):
        t = f["type"]
        if t == "phone":
            new = _phone(rng)
        elif t == "address":
            new = _address(rng)
        elif t == "datetime":
            new = _when(rng, base + timedelta(days=2))
        elif t == "count":
            new = f["unit"].format(n=rng.choice([str(rng.randint(6, 9)), "一", "六"]))
        else:
            new = f["fmt"]["y"]
        if new == f["value"]:
            continue
        upd_msgs[k] = rng.choice(PREFIX) + rng.choice(U[t]).format(v=new, **f["fmt"])
        f["value"], f["msg"] = new, k
        f.pop("answer", None)
    # filler user/agent pairs for the other messages
    pool = d["filler"] + GENERIC
    turns: list[Turn] = []
    t = epoch(base)
    for k in range(120):
        if k < 15:
            u = user_msgs[k]
            nxt = next((f for f in (slots[k + 1] if k + 1 < 15 else [])), None)
            a = rng.choice(ACKS)
            if slots[k] and rng.random() < 0.3:   # agents sometimes read a value back
                a = f"您说的是{slots[k][0]['value']}对吧？{a}"
            if nxt is not None and rng.random() < 0.6:
                a += ASK[nxt["type"]].format(**nxt["fmt"])
        elif k in upd_msgs:
            u, a = upd_msgs[k], rng.choice(["好的，已经帮您改过来了。", "收到，已更新。", "没问题，按新的为准。", "好的，我这边同步修改。"])
        else:
            u, a = rng.choice(pool)
            u = rng.choice(PREFIX) + u
        turns.append(Turn("user", u, t))
        t += rng.randint(5, 40)
        turns.append(Turn("assistant", a, t))
        t += rng.randint(15, 120)
    questions = []
    for f in facts:
        questions.append(Question(f["q"], f.get("answer") or [f["value"]], [2 * f["msg"]],
                                  "update" if f in ups and f["msg"] >= 15 else "fact", None))
    return Conversation(f"zh-{seed}", "zh", turns, questions, d["system"], {"domain": dom, "updates": len(upd_msgs)})
